import { z } from 'zod';
import { idSchema, nameSchema, timestampSchema, versionField, versionSchema } from './common.ts';

/**
 * Clients, locations and component types are each only a name: one record shape and one
 * pair of bodies for the three (client.ts, location.ts, component.ts name them).
 */
export const namedSchema = z.object({
  id: idSchema,
  name: z.string(),
  version: versionSchema,
  updated_at: timestampSchema,
});

/** Create takes only the name. */
export const namedBody = z.strictObject({ name: nameSchema('Name') });
/** Rename: the new name and the version it was edited from (optional). */
export const namedUpdateBody = z.strictObject({ name: nameSchema('Name'), ...versionField });
