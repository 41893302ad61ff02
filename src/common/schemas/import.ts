import { z } from 'zod';
import { idSchema, singleLineText } from './common.ts';
import { IMPORT_FIELDS, IMPORT_MAX_COLUMN_NAME, type ImportField } from './import-limits.ts';

export * from './import-limits.ts';

const column = z
  .string()
  .max(IMPORT_MAX_COLUMN_NAME, `Column names are at most ${IMPORT_MAX_COLUMN_NAME} characters`)
  .optional();
const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'Use true or false' })
  .transform((v) => v === 'true' || v === '1')
  .optional();

/**
 * `map.<field>=<column>` picks the file's column for a field (an empty value leaves the
 * field out); fields not named are mapped automatically from the header.
 */
export const importQuery = z.strictObject({
  ...(Object.fromEntries(IMPORT_FIELDS.map((f) => [`map.${f}`, column])) as Record<
    `map.${ImportField}`,
    typeof column
  >),
  /** Answer the preview and write nothing. */
  dry_run: flag,
  /** Import the valid rows and leave out the invalid ones (explicit opt-in). */
  valid_only: flag,
  /**
   * The answer to the preview's questions: pack the rows' items onto their jobs although
   * another overlapping job holds them ("Reserved for Autumn fair from 12 Jun. Pack it
   * anyway?"). Without it such an import is refused with 409 reserved_elsewhere.
   */
  pack_anyway: flag,
  /** The file's name, for the activity entry ("imported 1,240 items from inventory.csv"). */
  filename: singleLineText('The file name').max(200).optional(),
});
export type ImportQuery = z.output<typeof importQuery>;

export const importErrorSchema = z.object({
  /** Spreadsheet row: the header is row 1, the first item row 2. */
  row: z.number().int(),
  /** The file's column name, or null for a problem with the whole row. */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importRowAction = z.enum(['create', 'update', 'unchanged', 'error']);

export const importPreviewSchema = z.object({
  dry_run: z.boolean(),
  file: z.object({
    encoding: z.enum(['utf-8', 'windows-1252', 'utf-16le']),
    delimiter: z.enum([',', ';', '\t']),
    rows: z.number().int(),
    columns: z.array(z.string()),
  }),
  /** The column used for each field, null when none. */
  mapping: z.record(z.string(), z.string().nullable()),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  /** Invalid rows left out (only with valid_only). */
  skipped: z.number().int(),
  /** The first IMPORT_MAX_ERRORS problems, row by row. */
  errors: z.array(importErrorSchema),
  /** Rows with at least one problem, all of them counted. */
  invalid_rows: z.number().int(),
  /**
   * Rows that pack an item another overlapping job holds, each with the question the API
   * asks ("Reserved for Autumn fair from 12 Jun. Pack it anyway?"): imported only with
   * pack_anyway (the first IMPORT_MAX_ERRORS).
   */
  questions: z.array(importErrorSchema),
  new_clients: z.array(z.string()),
  new_locations: z.array(z.string()),
  new_components: z.array(z.string()),
  new_manifests: z.array(z.string()),
  /** The first rows, with what will happen to each. */
  preview: z.array(
    z.object({
      row: z.number().int(),
      action: importRowAction,
      id: idSchema.nullable(),
      values: z.record(z.string(), z.string()),
    }),
  ),
  /** After an import: the first items written, to find them. */
  items: z.array(z.object({ id: idSchema, name: z.string().nullable() })),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
