import { z } from 'zod';
import { idSchema, nameSchema, timestampSchema } from './common.ts';

export const locationSchema = z.object({
  id: idSchema,
  name: z.string(),
  updated_at: timestampSchema,
});
export type Location = z.infer<typeof locationSchema>;

/** Create and update take the same body: a location is only its name. */
export const locationBody = z.strictObject({ name: nameSchema('Name') });
export type LocationInput = z.output<typeof locationBody>;
