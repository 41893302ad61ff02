import { z } from 'zod';
import { labelCodeSchema } from './fields.ts';
import { idSchema, timestampSchema } from './common.ts';

/**
 * Stock-takes (docs/decisions.md, "Stock-takes"): a count of one location, or of one
 * container's contents at every level, against a snapshot of what was expected there.
 */

/** What one scan was. `already`: that item (or unknown code) was counted before. */
export const SCAN_OUTCOMES = ['found', 'wrong_place', 'unexpected', 'unknown', 'already'] as const;
export type ScanOutcome = (typeof SCAN_OUTCOMES)[number];

/** The outcomes a stored scan row keeps (`already` is only ever an answer). */
export const STORED_OUTCOMES = ['found', 'wrong_place', 'unexpected'] as const;
export type StoredOutcome = (typeof STORED_OUTCOMES)[number];

export const STOCKTAKE_STATUSES = ['open', 'finished'] as const;

/** POST /inventory/stocktakes: a location or a container, never both. */
export const startStocktakeBody = z
  .strictObject({
    location_id: idSchema.optional(),
    container_id: idSchema.optional(),
    /** A container scanned whole counts what is inside it as found (default off). */
    count_contents: z.boolean({ error: 'count_contents must be true or false' }).optional(),
  })
  .refine((b) => (b.location_id === undefined) !== (b.container_id === undefined), {
    message: 'Choose a location or a container to count.',
  });
export type StartStocktakeInput = z.output<typeof startStocktakeBody>;

/** Live counts: "38 of 52 found · 3 wrong place · 1 unknown". */
export const stocktakeCountsSchema = z.object({
  /** Items expected when the stock-take started. */
  expected: z.number().int(),
  /** Expected items scanned (or counted inside a scanned crate). */
  found: z.number().int(),
  wrong_place: z.number().int(),
  /** Out on a job or missing when scanned. */
  unexpected: z.number().int(),
  /** Codes attached to no item. */
  unknown: z.number().int(),
  /** Expected and not scanned (so far). */
  not_scanned: z.number().int(),
  /** Marked missing at the finish. */
  missing: z.number().int(),
});
export type StocktakeCounts = z.infer<typeof stocktakeCountsSchema>;

export const stocktakeSchema = z.object({
  id: idSchema,
  /** Set for a stock-take of a location. */
  location_id: idSchema.nullable(),
  /** Set for a stock-take of a container (its contents at every level). */
  container_id: idSchema.nullable(),
  /** The location's or container's name when the stock-take started. */
  place_name: z.string(),
  count_contents: z.boolean(),
  status: z.enum(STOCKTAKE_STATUSES),
  /** Same as counts.expected; the name the API promises. */
  expected_count: z.number().int(),
  counts: stocktakeCountsSchema,
  started_by_email: z.string().nullable(),
  started_at: timestampSchema,
  finished_by_email: z.string().nullable(),
  finished_at: timestampSchema.nullable(),
});
export type Stocktake = z.infer<typeof stocktakeSchema>;

/** An item as a stock-take shows it: enough to recognise it on a shelf. */
export const stocktakeItemSchema = z.object({
  id: idSchema,
  name: z.string().nullable(),
  status: z.string().nullable(),
  /** Where the item is now. */
  location_name: z.string().nullable(),
  container_name: z.string().nullable(),
});
export type StocktakeItem = z.infer<typeof stocktakeItemSchema>;

/** One counted item. */
export const scanRowSchema = z.object({
  item: stocktakeItemSchema,
  outcome: z.enum(STORED_OUTCOMES),
  /** The label scanned; null when counted inside a scanned crate. */
  code: z.string().nullable(),
  /** Set when counted as found inside a scanned crate: that crate's id. */
  via_container_id: idSchema.nullable(),
  /** wrong_place: where it belonged; unexpected: "out on Summer show" or "missing". */
  detail: z.string().nullable(),
  /** wrong_place moved here with one tap: when. */
  moved_at: timestampSchema.nullable(),
  scanned_by_email: z.string().nullable(),
  scanned_at: timestampSchema,
});
export type ScanRow = z.infer<typeof scanRowSchema>;

export const unknownCodeSchema = z.object({
  code: z.string(),
  scanned_by_email: z.string().nullable(),
  scanned_at: timestampSchema,
});
export type UnknownCode = z.infer<typeof unknownCodeSchema>;

/** GET /inventory/stocktakes/:id: the stock-take and its rows by outcome. */
export const stocktakeDetailSchema = stocktakeSchema.extend({
  found: z.array(scanRowSchema),
  wrong_place: z.array(scanRowSchema),
  unexpected: z.array(scanRowSchema),
  unknown: z.array(unknownCodeSchema),
  /** Expected and not scanned; once finished, those not marked missing. */
  not_scanned: z.array(stocktakeItemSchema),
  /** Marked missing at the finish. */
  missing: z.array(stocktakeItemSchema),
});
export type StocktakeDetail = z.infer<typeof stocktakeDetailSchema>;

/** How many of a location's items its page lists (a bay may hold thousands). */
export const LOCATION_ITEMS_SHOWN = 200;

/**
 * GET /inventory/locations/:id/stock: a location as its page shows it to staff, so a
 * stock-take can start from the location itself (docs/decisions.md, "Stock-takes").
 */
export const locationStockSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** What a stock-take started now would expect: there, not out on a job, not missing. */
  expected_count: z.number().int(),
  /** The first LOCATION_ITEMS_SHOWN of them by name. */
  items: z.array(stocktakeItemSchema),
  /** This location's stock-takes, newest first. */
  stocktakes: z.array(stocktakeSchema),
});
export type LocationStock = z.infer<typeof locationStockSchema>;

/** POST /inventory/stocktakes/:id/scans: a label code (or a scan link ending in one). */
export const stocktakeScanBody = z.strictObject({ code: labelCodeSchema });

export const scanResultSchema = z.object({
  outcome: z.enum(SCAN_OUTCOMES),
  code: z.string(),
  /** The item the code is on; absent for an unknown code. */
  item: stocktakeItemSchema.optional(),
  /** wrong_place: where it belonged; unexpected: why; already: what it was counted as. */
  detail: z.string().nullable(),
  /** Items inside a scanned crate counted with it ("count contents with the crate"). */
  contents_found: z.number().int(),
  counts: stocktakeCountsSchema,
});
export type ScanResult = z.infer<typeof scanResultSchema>;

export const stocktakeMoveBody = z.strictObject({ item_id: idSchema });
export const moveResultSchema = z.object({ row: scanRowSchema, counts: stocktakeCountsSchema });
export type MoveResult = z.infer<typeof moveResultSchema>;

export const STOCKTAKE_MISSING_MAX = 100_000;
export const stocktakeFinishBody = z.strictObject({
  /** Expected items not scanned that are to be marked missing: a deliberate list. */
  mark_missing: z
    .array(idSchema, { error: 'mark_missing must be a list of item ids' })
    .max(STOCKTAKE_MISSING_MAX, 'Too many items at once'),
});
export type StocktakeFinishInput = z.output<typeof stocktakeFinishBody>;
