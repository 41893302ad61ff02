import { z } from 'zod';
import { idSchema, nameSchema, timestampSchema, versionField, versionSchema } from './common.ts';

export const locationSchema = z.object({
  id: idSchema,
  name: z.string(),
  version: versionSchema,
  updated_at: timestampSchema,
});
export type Location = z.infer<typeof locationSchema>;

/** Create and update take the same body: a location is only its name. */
export const locationBody = z.strictObject({ name: nameSchema('Name') });
/** Rename: the new name and the version it was edited from (optional). */
export const locationUpdateBody = z.strictObject({ name: nameSchema('Name'), ...versionField });
export type LocationInput = z.output<typeof locationBody>;
