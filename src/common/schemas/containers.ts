import { z } from 'zod';
import { idSchema } from './common.ts';

// Items inside items. Kept apart from the job schemas (round-trip.ts), so a page that
// shows an item's containers does not carry the round trip's contract.

/** GET /inventory/items/:id/contents: `?deep=true` lists every level. */
export const contentsQuery = z.strictObject({
  deep: z
    .enum(['true', 'false'], { error: 'deep is true or false' })
    .transform((v) => v === 'true')
    .optional(),
});

/** One of the containers around an item, outermost first. */
export const containerRefSchema = z.object({
  id: idSchema,
  name: z.string().nullable(),
  status: z.string().nullable(),
});
export type ContainerRef = z.infer<typeof containerRefSchema>;
