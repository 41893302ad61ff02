import { z } from 'zod';
import { isoDateSchema, statusInput, statusOutput } from './fields.ts';
import {
  idSchema,
  nameSchema,
  optionalText,
  timestampSchema,
  versionField,
  versionSchema,
} from './common.ts';
import { manifestAbilitiesSchema } from './abilities.ts';
import {
  jobWindowFields,
  overrideFields,
  overrideNeedsNote,
  windowDaysSchema,
} from './reservation.ts';

export const MANIFEST_NOTE_MAX = 5000;

export const manifestSchema = z.object({
  id: idSchema,
  name: z.string(),
  note: z.string().nullable(),
  status: statusOutput,
  ...jobWindowFields,
  version: versionSchema,
  updated_at: timestampSchema,
  /** What the caller may do next with this job (src/common/job-stages.ts). */
  abilities: manifestAbilitiesSchema,
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A manifest as stored, before the caller's abilities are added (a conflict's `current`). */
export const manifestRecordSchema = manifestSchema.omit({ abilities: true });
export type ManifestRecord = z.infer<typeof manifestRecordSchema>;

/**
 * Create and update. A field left out keeps its current value on update (the spec's
 * form sends only name, note and status, so an absent client_id must not clear it);
 * null or '' clears it.
 */
/** A date field of a form: '' and null clear it. */
const optionalDate = z
  .union([isoDateSchema, z.literal(''), z.null()], { error: 'Dates are written YYYY-MM-DD' })
  .transform((v) => (v === '' ? null : v))
  .optional();

/** What a create and an update both may send besides the name (optional in both). */
const editableFields = {
  note: optionalText(MANIFEST_NOTE_MAX),
  status: statusInput,
  client_id: idSchema.nullish(),
  out_date: optionalDate,
  due_date: optionalDate,
  prep_days: windowDaysSchema.optional(),
  turnaround_days: windowDaysSchema.optional(),
};

export const manifestBody = z
  .strictObject({ name: nameSchema('Name'), ...editableFields })
  .refine((m) => !m.out_date || !m.due_date || m.due_date >= m.out_date, {
    message: 'The due date cannot be before the out date.',
    path: ['due_date'],
  });
export type ManifestInput = z.output<typeof manifestBody>;

/**
 * Update: every field optional, so a form sends only what its user changed, plus the
 * version it was edited from. An update without a single field is a 400.
 */
export const manifestUpdateBody = z
  .strictObject({
    name: nameSchema('Name').optional(),
    ...editableFields,
    /** New dates on a reserved job are re-checked: 409 overbooked unless overridden. */
    ...overrideFields,
    ...versionField,
  })
  .refine(overrideNeedsNote.check, overrideNeedsNote.message);
export type ManifestUpdateInput = Omit<
  z.output<typeof manifestUpdateBody>,
  'version' | 'override' | 'override_note'
>;

/** A copy of manifest `id` under a new name; note and status default to the original's. */
export const duplicateManifestBody = z.strictObject({
  id: idSchema,
  name: nameSchema('Name'),
  note: optionalText(MANIFEST_NOTE_MAX),
  status: statusInput,
});
export type DuplicateManifestInput = z.output<typeof duplicateManifestBody>;
