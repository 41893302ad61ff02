import { z } from 'zod';
import { idSchema, nameSchema, timestampSchema, versionField, versionSchema } from './common.ts';

/** A component type: what an item can be, and what manifests require counts of. */
export const componentSchema = z.object({
  id: idSchema,
  name: z.string(),
  version: versionSchema,
  updated_at: timestampSchema,
});
export type Component = z.infer<typeof componentSchema>;

/** Create and update take the same body: a component type is only its name. */
export const componentBody = z.strictObject({ name: nameSchema('Name') });
/** Rename: the new name and the version it was edited from (optional). */
export const componentUpdateBody = z.strictObject({ name: nameSchema('Name'), ...versionField });
export type ComponentInput = z.output<typeof componentBody>;
