import { z } from 'zod';
import { idSchema, nameSchema, timestampSchema, versionField, versionSchema } from './common.ts';

export const clientSchema = z.object({
  id: idSchema,
  name: z.string(),
  version: versionSchema,
  updated_at: timestampSchema,
});
export type Client = z.infer<typeof clientSchema>;

/** Create and update take the same body: a client is only its name. */
export const clientBody = z.strictObject({ name: nameSchema('Name') });
/** Rename: the new name and the version it was edited from (optional). */
export const clientUpdateBody = z.strictObject({ name: nameSchema('Name'), ...versionField });
export type ClientInput = z.output<typeof clientBody>;
