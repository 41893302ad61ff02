import { z } from 'zod';
import { idSchema, nameSchema, timestampSchema } from './common.ts';

export const clientSchema = z.object({
  id: idSchema,
  name: z.string(),
  updated_at: timestampSchema,
});
export type Client = z.infer<typeof clientSchema>;

/** Create and update take the same body: a client is only its name. */
export const clientBody = z.strictObject({ name: nameSchema('Name') });
export type ClientInput = z.output<typeof clientBody>;
