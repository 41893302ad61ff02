import { z } from 'zod';
import { idSchema } from './common.ts';
import { labelCodeSchema } from './fields.ts';
import { LABEL_PRESET_IDS } from '../label-presets.ts';

/** Most labels one request prints (a PDF of a few MB). */
export const PRINT_MAX_LABELS = 5000;
export const OFFSET_MAX_MM = 20;

export const presetSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['sheet', 'roll', 'placard']),
  page_mm: z.object({ width: z.number(), height: z.number() }),
  label_mm: z.object({ width: z.number(), height: z.number() }),
  per_page: z.number().int(),
  /** Printed width of the QR symbol (without its quiet zone). */
  qr_mm: z.number(),
  /** Size of one QR module for a label link on this server. */
  module_mm: z.number(),
  qr_level: z.enum(['L', 'M', 'Q', 'H']),
  /** Saved printer calibration: shifts everything printed by this much. */
  offset_mm: z.object({ x: z.number(), y: z.number() }),
});
export type PresetInfo = z.infer<typeof presetSchema>;

const offsetMm = z.number().min(-OFFSET_MAX_MM).max(OFFSET_MAX_MM);
export const offsetSchema = z.strictObject({ x: offsetMm, y: offsetMm });

export const presetParams = z.strictObject({ id: z.enum(LABEL_PRESET_IDS) });

/**
 * What to print: labels for items (chosen by id, by manifest, by container, or every item
 * without a label) or label codes with no item (given, or `count` fresh ones). Exactly one source.
 */
export const printBody = z
  .strictObject({
    preset: z.enum(LABEL_PRESET_IDS, { error: 'Choose a label preset.' }),
    item_ids: z.array(idSchema).min(1).max(PRINT_MAX_LABELS).optional(),
    manifest_id: idSchema.optional(),
    /** Everything inside this container, at every level. */
    container_id: idSchema.optional(),
    without_label: z.literal(true).optional(),
    codes: z.array(labelCodeSchema).min(1).max(PRINT_MAX_LABELS).optional(),
    count: z.number().int().min(1).max(PRINT_MAX_LABELS).optional(),
    /** Labels already used on the first sheet. */
    skip: z.number().int().min(0).max(1000).optional(),
    /** Printer calibration for this print; the saved one when left out. */
    offset_mm: offsetSchema.optional(),
    /** Client and location under the name (default true). */
    details: z.boolean().optional(),
  })
  .refine(
    (b) =>
      [b.item_ids, b.manifest_id, b.container_id, b.without_label, b.codes, b.count].filter(
        (v) => v !== undefined,
      ).length === 1,
    {
      message:
        'Give exactly one of item_ids, manifest_id, container_id, without_label, codes or count.',
    },
  );
export type PrintInput = z.output<typeof printBody>;
