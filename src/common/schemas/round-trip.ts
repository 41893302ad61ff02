import { z } from 'zod';
import { idSchema, multiLineText } from './common.ts';

import { itemSchema } from './item.ts';
import { manifestSchema } from './manifest.ts';
import { ITEM_NOTE_MAX } from './item.ts';
import { RETURN_CONDITIONS } from '../round-trip.ts';

/** An allocation: the item, and how many items inside it went onto the manifest with it. */
export const allocatedItemSchema = itemSchema.extend({
  contents_count: z.number().int(),
});

/** POST /inventory/manifests/:id/returns: one item (with what is inside it) comes back. */
export const returnBody = z.strictObject({
  item_id: idSchema,
  /** Where it is put back; left out, it keeps the location it had. */
  location_id: idSchema.nullish(),
  condition: z.enum(RETURN_CONDITIONS, { error: 'Unknown condition' }),
  note: multiLineText('Note', 'Note must be text')
    .trim()
    .max(ITEM_NOTE_MAX, 'Note is too long')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ReturnInput = z.output<typeof returnBody>;

export const returnResultSchema = z.object({
  item: itemSchema,
  /** returned: it was out on this job; found: it was missing and is back. */
  outcome: z.enum(['returned', 'found']),
  /** Items inside it that came back with it. */
  contents_count: z.number().int(),
});
export type ReturnResult = z.infer<typeof returnResultSchema>;

/** What went out on a job, by where it is now. The four lists never overlap. */
export const returnsSchema = z.object({
  out: z.array(itemSchema),
  /** Back in good condition. */
  returned: z.array(itemSchema),
  /** Back, damaged. */
  damaged: z.array(itemSchema),
  /** Still away when the job was closed. */
  missing: z.array(itemSchema),
});
export type Returns = z.infer<typeof returnsSchema>;

/** A manifest with its round-trip counts: the /out page, dispatch and close answers. */
export const jobSchema = manifestSchema.extend({
  /** Items sent out on this job, including contents of containers. */
  items_total: z.number().int(),
  items_out: z.number().int(),
  items_returned: z.number().int(),
  items_damaged: z.number().int(),
  items_missing: z.number().int(),
  /** Out and past its due date. */
  overdue: z.boolean(),
});
export type Job = z.infer<typeof jobSchema>;
/** A job before the caller's abilities are added. */
export type JobRecord = Omit<Job, 'abilities'>;
