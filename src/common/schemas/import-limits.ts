// Plain constants, without zod: the CSV parse thread imports them, and loading zod and the
// API schemas there cost a fresh thread about 30 MB (docs/decisions.md, "Security: memory
// of the server"). import.ts re-exports them.
/**
 * CSV import and export (docs/decisions.md#import-and-export). The item fields a column
 * can fill, in the order the export writes them; the export's header names are the
 * field names, so an exported file maps itself on the way back in.
 */
export const IMPORT_FIELDS = [
  'id',
  'name',
  'type',
  'client',
  'location',
  'container',
  'component',
  'manifest',
  'label',
  'note',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Other column names people use, recognised when mapping automatically. */
export const IMPORT_FIELD_ALIASES: Record<ImportField, string[]> = {
  id: ['item id', 'item_id'],
  name: ['item', 'item name', 'title'],
  type: ['status', 'kind', 'category'],
  client: ['customer', 'client name', 'show', 'production'],
  location: ['place', 'where', 'store', 'warehouse', 'location name'],
  container: ['inside', 'in container', 'packed in', 'container label', 'parent'],
  component: ['component type', 'component_type', 'part'],
  manifest: ['job', 'manifest name', 'packing list'],
  label: ['label code', 'label_code', 'labels', 'code', 'qr', 'qr code'],
  note: ['notes', 'comment', 'comments', 'remarks'],
};

/** Files larger than this are refused with a 413 before or while reading. */
export const IMPORT_MAX_BYTES = 20 * 1048576;
/**
 * The shape of a file the import reads (docs/decisions.md#security-resource-limits): a file
 * past any of these is refused with a 400 `invalid_csv` as soon as the parser sees it.
 * 200 columns is far more than the 10 an item has; 32,767 characters is the most a
 * spreadsheet cell holds (Excel); a row holds at most 100,000 characters (a full note is
 * 10,000); 50,000 rows is more than most stores hold.
 */
export const IMPORT_MAX_COLUMNS = 200;
export const IMPORT_MAX_CELL = 32_767;
export const IMPORT_MAX_ROW_CHARS = 100_000;
export const IMPORT_MAX_ROWS = 50_000;
/** Column names are echoed in the preview (to pick from): the length a map.<field> takes. */
export const IMPORT_MAX_COLUMN_NAME = 200;
/** Rows shown in the preview table. */
export const IMPORT_PREVIEW_ROWS = 20;
/** Items listed in the answer of an import, to find them afterwards. */
export const IMPORT_LISTED_ITEMS = 200;
/** Problems listed in one answer; the count covers them all. */
export const IMPORT_MAX_ERRORS = 500;
