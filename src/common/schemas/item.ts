import { z } from 'zod';
import {
  idSchema,
  multiLineText,
  singleLineText,
  timestampSchema,
  versionField,
  versionSchema,
} from './common.ts';
import { STATUSES } from '../status.ts';
import { conditionSchema, statusInput, statusOutput } from './fields.ts';
import { ITEM_PAGE_MAX } from '../search.ts';
import { itemAbilitiesSchema } from './abilities.ts';

export const ITEM_NAME_MAX = 200;
export const ITEM_NOTE_MAX = 10_000;

/** An item as signed-in members see it (DECISIONS section 5). */
export const itemSchema = z.object({
  id: idSchema,
  name: z.string().nullable(),
  note: z.string().nullable(),
  status: statusOutput,
  client_id: idSchema.nullable(),
  client_name: z.string().nullable(),
  location_id: idSchema.nullable(),
  location_name: z.string().nullable(),
  manifest_id: idSchema.nullable(),
  manifest_name: z.string().nullable(),
  component_id: idSchema.nullable(),
  component_name: z.string().nullable(),
  /** The item it sits in (a crate, a pallet), and that item's name. */
  container_id: idSchema.nullable(),
  container_name: z.string().nullable(),
  /** ok, damaged or missing (docs/decisions.md, "Round trip"). */
  condition: conditionSchema,
  /** What is wrong with it, when damaged. */
  condition_note: z.string().nullable(),
  /** When it left on its manifest (the job); null while it is not out. */
  out_since: timestampSchema.nullable(),
  /** Who scanned it last. Never shown to anonymous readers. */
  last_scanned_by_email: z.string().nullable(),
  version: versionSchema,
  updated_at: timestampSchema,
  created_at: timestampSchema,
  /**
   * What the caller may do next with it (src/common/job-stages.ts). Sent with one item's
   * read, create, update and allocation, a manifest's items and a container's contents, not
   * with the item list or search; a client that finds it absent shows no control.
   */
  abilities: itemAbilitiesSchema.optional(),
});
export type Item = z.infer<typeof itemSchema>;

/**
 * An item as anonymous visitors see it: the scanner's email is not part of the shape,
 * so serializing through this schema drops it whatever the handler returned.
 */
export const publicItemSchema = itemSchema.omit({ last_scanned_by_email: true });
export type PublicItem = z.infer<typeof publicItemSchema>;

/** One item read: the full shape for members, the public one for anonymous visitors. */
export const itemReadSchema = z.union([itemSchema, publicItemSchema]);

export const itemPageSchema = z.object({
  items: z.array(itemSchema),
  /**
   * All items matching the query and filters, across pages; for a search that matches
   * more than SEARCH_RESULT_CAP items, that cap, and for a list without a search holding
   * more than LIST_TOTAL_CAP items, that cap (total_capped is true in both cases).
   */
  total: z.number().int(),
  /** The total is a lower bound ("1,000+", "10,000+"): more items match than it says. */
  total_capped: z.boolean(),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ItemPage = z.infer<typeof itemPageSchema>;

/** Without parameters: every visible item sorted by name; with any: one page, its total and the next page's cursor. */
export const itemListSchema = z.union([z.array(itemSchema), itemPageSchema]);

const statusFilter = z.enum(STATUSES, { error: 'Unknown type' });

/** One type or several (`status=Pallet&status=Crate`), as a list. */
export const statusesQuery = z
  .union([statusFilter, z.array(statusFilter).max(20)])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .optional();

/** Query string of the item list; any parameter given switches to the paged answer. */
export const itemListQuery = z.strictObject({
  /** Search text; cut to SEARCH_MAX_LENGTH characters before use. */
  q: singleLineText('The search').max(1000, 'The search is too long').optional(),
  status: statusesQuery,
  /** true: only items that need attention (damaged or missing). */
  attention: z
    .enum(['true', 'false'], { error: 'attention is true or false' })
    .transform((v) => v === 'true')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(ITEM_PAGE_MAX, `limit must be at most ${ITEM_PAGE_MAX}`)
    .optional(),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset cannot be negative')
    .max(10_000_000, 'offset is too large')
    .optional(),
  /** The next_cursor of the previous page: deep pages as fast as the first. */
  cursor: z.string().min(1).max(600, 'The cursor is not valid.').optional(),
});
export type ItemListQuery = z.output<typeof itemListQuery>;

const blankToNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v.trim() === '' ? null : v;

/** A reference to another entity: absent leaves it, null clears it. */
const referenceId = idSchema.nullish();

/**
 * The writable fields of an item. Absent fields are left as they are (PUT is partial),
 * null or an empty string clears a field. Unknown fields are a 400.
 */
const itemFields = {
  name: singleLineText('Name', 'Name must be text')
    .trim()
    .max(ITEM_NAME_MAX, 'Name is too long')
    .nullish()
    .transform(blankToNull),
  /** Kept as typed (line breaks and indentation matter); blank means no note. */
  note: multiLineText('Note', 'Note must be text')
    .max(ITEM_NOTE_MAX, 'Note is too long')
    .nullish()
    .transform(blankToNull),
  status: statusInput,
  client_id: referenceId,
  location_id: referenceId,
  component_id: referenceId,
  manifest_id: referenceId,
  /** Put it inside another item; null takes it out. */
  container_id: referenceId,
  condition: conditionSchema.optional(),
  condition_note: multiLineText('Note', 'Note must be text')
    .max(ITEM_NOTE_MAX, 'Note is too long')
    .nullish()
    .transform(blankToNull),
};

export const itemBody = z.strictObject(itemFields);
/** PUT: the fields to change, and the version they were edited from (optional). */
export const itemUpdateBody = z.strictObject({ ...itemFields, ...versionField });
/** Parsed item fields; every one may be absent (partial update). */
export type ItemInput = Partial<z.output<typeof itemBody>>;

/** POST /inventory/allocate: an existing item (`id`) or a new one, put on a manifest. */
export const allocateBody = z.strictObject({
  ...itemFields,
  id: idSchema.optional(),
  manifest_id: z.string({ error: 'Choose a manifest.' }).pipe(idSchema),
  /** With `id`: the version of the item the allocation was decided from (optional). */
  ...versionField,
  /**
   * The answer to "Reserved for Autumn fair from 12 Jun. Pack it anyway?": without it,
   * packing an item another overlapping job holds is a 409 `reserved_elsewhere`.
   */
  pack_anyway: z.boolean({ error: 'pack_anyway must be true or false' }).optional(),
});
export type AllocateInput = ItemInput & {
  id?: string;
  manifest_id: string;
  version?: number;
  pack_anyway?: boolean;
};
