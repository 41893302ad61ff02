import { z } from 'zod';
import { labelCodeSchema } from './fields.ts';
import { idSchema, timestampSchema } from './common.ts';

/**
 * A printed QR label. `name` is the name of the item it is on (read live from the item,
 * so renaming the item renames it here), null when the label is free.
 */
export const labelSchema = z.object({
  id: z.string(),
  item_id: idSchema.nullable(),
  name: z.string().nullable(),
  updated_at: timestampSchema,
});
export type Label = z.infer<typeof labelSchema>;

/** A label code in the path: normalised, so ab12-... and AB12... are the same label. */
export const labelParams = z.strictObject({ id: labelCodeSchema });
export const scanParams = z.strictObject({ code: labelCodeSchema });
/**
 * `mode=return`: the scan of Return mode, whose return call that follows finds a missing
 * item with the mode's settings; the scan itself then does not find it.
 */
export const scanQuery = z.strictObject({
  mode: z.enum(['return'], { error: 'mode is return or absent' }).optional(),
});

export const attachLabelBody = z.strictObject({
  item_id: idSchema,
  id: labelCodeSchema,
});

/** `?replace=false` asks before taking a label from another item. */
export const attachLabelQuery = z.strictObject({
  replace: z
    .enum(['true', 'false'], { error: 'replace must be true or false' })
    .optional()
    .transform((value) => value !== 'false'),
});

/**
 * The label when it was attached; with `?replace=false`, `true` when it already was on
 * this item and `false` when it is on another one (nothing changed in either case).
 */
export const attachLabelResponse = z.union([labelSchema, z.boolean()]);

/** `item_id: null` frees the label; an item id moves it there. */
export const updateLabelBody = z.strictObject({
  item_id: idSchema.nullable(),
});
