import { z } from 'zod';
import { statusInput, statusOutput } from '../status.ts';
import {
  idSchema,
  nameSchema,
  optionalText,
  timestampSchema,
  versionField,
  versionSchema,
} from './common.ts';

export const MANIFEST_NOTE_MAX = 5000;

export const manifestSchema = z.object({
  id: idSchema,
  name: z.string(),
  note: z.string().nullable(),
  status: statusOutput,
  client_id: idSchema.nullable(),
  client_name: z.string().nullable(),
  version: versionSchema,
  updated_at: timestampSchema,
});
export type Manifest = z.infer<typeof manifestSchema>;

/**
 * Create and update. A field left out keeps its current value on update (the spec's
 * form sends only name, note and status, so an absent client_id must not clear it);
 * null or '' clears it.
 */
export const manifestBody = z.strictObject({
  name: nameSchema('Name'),
  note: optionalText(MANIFEST_NOTE_MAX),
  status: statusInput,
  client_id: idSchema.nullish(),
});
export type ManifestInput = z.output<typeof manifestBody>;

/**
 * Update: every field optional, so a form sends only what its user changed, plus the
 * version it was edited from. An update without a single field is a 400.
 */
export const manifestUpdateBody = z.strictObject({
  name: nameSchema('Name').optional(),
  note: optionalText(MANIFEST_NOTE_MAX),
  status: statusInput,
  client_id: idSchema.nullish(),
  ...versionField,
});
export type ManifestUpdateInput = Omit<z.output<typeof manifestUpdateBody>, 'version'>;

/** A copy of manifest `id` under a new name; note and status default to the original's. */
export const duplicateManifestBody = z.strictObject({
  id: idSchema,
  name: nameSchema('Name'),
  note: optionalText(MANIFEST_NOTE_MAX),
  status: statusInput,
});
export type DuplicateManifestInput = z.output<typeof duplicateManifestBody>;
