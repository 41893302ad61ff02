import { z } from 'zod';
import { INSPECTION_RESULTS } from '../inspections.ts';
import { isoDateSchema } from './fields.ts';
import {
  idSchema,
  nameSchema,
  optionalText,
  singleLineText,
  timestampSchema,
  versionField,
  versionSchema,
} from './common.ts';

/** An inspection kind: what an item of a component type needs, and how often. */
export const inspectionKindSchema = z.object({
  id: idSchema,
  component_id: idSchema,
  component_name: z.string(),
  name: z.string(),
  interval_days: z.number().int(),
  blocks_dispatch: z.boolean(),
  version: versionSchema,
  updated_at: timestampSchema,
});
export type InspectionKind = z.infer<typeof inspectionKindSchema>;

const intervalDays = z
  .number({ error: 'The interval is a number of days' })
  .int('The interval is a whole number of days')
  .min(1, 'The interval is at least 1 day')
  .max(3660, 'The interval is at most 10 years');

export const inspectionKindBody = z.strictObject({
  component_id: idSchema,
  name: nameSchema('Name', 100),
  interval_days: intervalDays,
  blocks_dispatch: z.boolean().default(false),
});
export type InspectionKindInput = z.output<typeof inspectionKindBody>;

/** A change to a kind: any of its fields but its component type, from a version. */
export const inspectionKindUpdateBody = z.strictObject({
  name: nameSchema('Name', 100).optional(),
  interval_days: intervalDays.optional(),
  blocks_dispatch: z.boolean().optional(),
  ...versionField,
});
export type InspectionKindUpdate = z.output<typeof inspectionKindUpdateBody>;

export const inspectionResultSchema = z.enum(INSPECTION_RESULTS, {
  error: 'The result is passed or failed',
});

/**
 * The fields of the record form (multipart: these as text parts, plus `attachments` files).
 * The date may not be in the future: an inspection is recorded once done.
 */
export const inspectionFields = z.strictObject({
  kind_id: idSchema,
  result: inspectionResultSchema,
  date: isoDateSchema,
  note: optionalText(2000),
  /** Who did the test when not the member recording it (an outside PAT tester). */
  inspector: singleLineText('Inspector').trim().max(200).nullish(),
});
export type InspectionFields = z.output<typeof inspectionFields>;

export const inspectionAttachmentSchema = z.object({
  id: idSchema,
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** Read through the API, with the same access as the inspection. */
  url: z.string(),
});
export type InspectionAttachment = z.infer<typeof inspectionAttachmentSchema>;

export const inspectionSchema = z.object({
  id: idSchema,
  item_id: idSchema,
  kind_id: idSchema,
  kind_name: z.string(),
  result: inspectionResultSchema,
  date: z.string(),
  note: z.string().nullable(),
  inspector: z.string().nullable(),
  /** The member who recorded it; null for client users (they see no member emails). */
  recorded_by_email: z.string().nullable(),
  attachments: z.array(inspectionAttachmentSchema),
  created_at: timestampSchema,
});
export type Inspection = z.infer<typeof inspectionSchema>;

/** Where one item stands with one kind: its last inspection and the next due. */
export const inspectionScheduleSchema = z.object({
  kind_id: idSchema,
  kind_name: z.string(),
  interval_days: z.number().int(),
  blocks_dispatch: z.boolean(),
  status: z.enum(['never', ...INSPECTION_RESULTS]),
  last_date: z.string().nullable(),
  /** Null: never inspected, due at once. */
  next_due: z.string().nullable(),
  overdue: z.boolean(),
});
export type InspectionSchedule = z.infer<typeof inspectionScheduleSchema>;

export const itemInspectionsSchema = z.object({
  item_id: idSchema,
  schedule: z.array(inspectionScheduleSchema),
  /** Newest first. */
  inspections: z.array(inspectionSchema),
});
export type ItemInspections = z.infer<typeof itemInspectionsSchema>;

/** One item's inspection of one kind that is due, in the due list, a job's list, the digest. */
export const dueInspectionSchema = inspectionScheduleSchema.extend({
  item_id: idSchema,
  item_name: z.string().nullable(),
});
export type DueInspection = z.infer<typeof dueInspectionSchema>;

export const dueQuery = z.strictObject({
  days: z.coerce
    .number({ error: 'days is a number' })
    .int('days is a whole number')
    .min(0, 'days is at least 0')
    .max(366, 'days is at most 366')
    .default(30),
});

/** A job's items whose inspection falls due before it comes back. */
export const jobDueInspectionSchema = dueInspectionSchema.extend({
  /** "PAT test due 4 Jun, before Summer show returns". */
  message: z.string(),
});
export type JobDueInspection = z.infer<typeof jobDueInspectionSchema>;

export const attachmentParams = z.strictObject({ id: idSchema, attachmentId: idSchema });

/** Dispatch despite what the inspections say: staff decide, and the feed keeps the note. */
export const dispatchBody = z
  .strictObject({
    override: z.boolean().optional(),
    note: singleLineText('Note').trim().max(500, 'The note is too long').optional(),
  })
  .refine((b) => !b.override || (b.note ?? '').length > 0, {
    message: 'Say why when dispatching despite the inspections',
    path: ['note'],
  });
export type DispatchInput = z.output<typeof dispatchBody>;

/** The member's own daily digest switch. */
export const digestSettingSchema = z.object({ enabled: z.boolean() });
export const digestSettingBody = z.strictObject({ enabled: z.boolean() });
