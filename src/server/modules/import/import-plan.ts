import { normalizeLabelCode } from '../../../common/label-code.ts';
import { idSchema } from '../../../common/schemas/common.ts';
import type { ImportError, ImportField } from '../../../common/schemas/import.ts';
import { ITEM_NAME_MAX, ITEM_NOTE_MAX } from '../../../common/schemas/item.ts';
import { STATUSES } from '../../../common/status.ts';
import { newId } from '../../lib/ids.ts';
import { timeSlices, type TimeSlices } from '../../lib/time-slices.ts';
import type { ItemValues } from '../items/items.repo.ts';
import type { CsvFile } from './csv-read.ts';
import type { Mapping } from './mapping.ts';

export const REFERENCE_FIELDS = ['client', 'location', 'component', 'manifest'] as const;
export type ReferenceField = (typeof REFERENCE_FIELDS)[number];
const COLUMN_OF: Record<ReferenceField, keyof ImportedValues> = {
  client: 'client_id',
  location: 'location_id',
  component: 'component_id',
  manifest: 'manifest_id',
};
const NAME_MAX = 200;

/** The item fields an import writes (condition is not imported). */
export type ImportedValues = Pick<
  ItemValues,
  | 'name'
  | 'note'
  | 'status'
  | 'client_id'
  | 'location_id'
  | 'component_id'
  | 'manifest_id'
  | 'container_id'
>;

export interface ExistingItem extends ImportedValues {
  id: string;
}

/** What the database holds that the rows refer to, read before planning. */
export interface Lookups {
  items: Map<string, ExistingItem>;
  /** Label code → the item it is on (null: free). */
  labels: Map<string, string | null>;
  /** Per reference field: case-folded name → row. */
  named: Record<ReferenceField, Map<string, { id: string; name: string }>>;
  /** Items the container column may name: case-folded name → their ids. */
  itemsNamed: Map<string, string[]>;
}

export interface PlannedRow {
  row: number;
  action: 'create' | 'update' | 'unchanged' | 'error';
  id: string | null;
  /** The fields the file sets (mapped columns only). */
  values: Partial<ImportedValues>;
  /** Codes to attach to this item (not yet on it). */
  attach: string[];
  /** Every valid code in the row's label cell. */
  codes: string[];
  /** The container cell as written (undefined: the column is not mapped). */
  container?: string;
  display: Record<string, string>;
}

/** Problems found after the rows were planned (the container column), by row. */
export type LateErrors = Map<number, Array<{ field: ImportField; message: string }>>;

export interface Plan {
  rows: PlannedRow[];
  errors: ImportError[];
  invalidRows: number;
  /** Entities the import creates, with the ids they will get. */
  created: Record<ReferenceField, Array<{ id: string; name: string }>>;
}

export const foldName = (name: string) => name.trim().normalize('NFC').toLowerCase();

/**
 * Decides what each row does, and what is wrong with it, without writing anything:
 * the same plan answers a dry run and drives the import. Rows match items by `id`, then
 * by a label code already on an item; otherwise they create one.
 */
export async function planRows(
  file: CsvFile,
  mapping: Mapping,
  lookups: Lookups,
  late: LateErrors = new Map(),
  slices: TimeSlices = timeSlices(),
): Promise<Plan> {
  const errors: ImportError[] = [];
  const rows: PlannedRow[] = [];
  const created: Plan['created'] = { client: [], location: [], component: [], manifest: [] };
  const pending = Object.fromEntries(
    REFERENCE_FIELDS.map((f) => [f, new Map<string, { id: string; name: string }>()]),
  ) as Record<ReferenceField, Map<string, { id: string; name: string }>>;
  const codeRows = new Map<string, number>();
  /** Item id → the row that writes it: one row per item. */
  const targets = new Map<string, number>();
  let invalidRows = 0;

  for (const { row, cells } of file.rows) {
    await slices.pause();
    const rowErrors: ImportError[] = [];
    const cell = (field: ImportField) => {
      const index = mapping[field];
      return index === undefined ? undefined : (cells[index] ?? '').trim();
    };
    const fail = (field: ImportField, message: string) => {
      const column = file.header[mapping[field]!] || field;
      rowErrors.push({ row, column, message: `row ${row}, ${column}: ${message}` });
    };
    const display: Record<string, string> = {};
    for (const field of Object.keys(mapping) as ImportField[]) display[field] = cell(field)!;
    for (const { field, message } of late.get(row) ?? []) fail(field, message);

    // Which item: by id, then by a label already on an item.
    const idCell = cell('id');
    let id: string | null = null;
    if (idCell) {
      if (!idSchema.safeParse(idCell).success) fail('id', `'${idCell}' is not a valid item id.`);
      else if (targets.has(idCell))
        fail('id', `'${idCell}' is also on row ${targets.get(idCell)}.`);
      else {
        id = idCell;
      }
    }
    const codes: string[] = [];
    for (const raw of (cell('label') ?? '').split(/[\s,;]+/).filter(Boolean)) {
      const code = normalizeLabelCode(raw);
      if (!code)
        fail('label', `'${raw}' is not a label code (12 letters and digits, like ABCD-EFGH-JKMN).`);
      else if (codeRows.has(code) && codeRows.get(code) !== row) {
        fail('label', `'${raw}' is also on row ${codeRows.get(code)}.`);
      } else {
        codeRows.set(code, row);
        if (!codes.includes(code)) codes.push(code);
      }
    }
    const owners = [
      ...new Set(codes.map((c) => lookups.labels.get(c)).filter((o): o is string => Boolean(o))),
    ];
    if (!id && owners.length === 1) id = owners[0]!;
    if (owners.some((owner) => owner !== id)) {
      fail(
        'label',
        `${owners.length > 1 ? 'these labels are on different items' : 'the label is on another item'}; free it first or leave it out.`,
      );
    }
    if (id && !idCell && targets.has(id)) {
      fail('label', `this label's item is already updated by row ${targets.get(id)}.`);
    }
    if (id && !targets.has(id)) targets.set(id, row);
    const existing = id ? lookups.items.get(id) : undefined;

    const values: Partial<ImportedValues> = {};
    const name = cell('name');
    if (name !== undefined) {
      if (name.length > ITEM_NAME_MAX)
        fail('name', `is too long (at most ${ITEM_NAME_MAX} characters).`);
      values.name = name || null;
    }
    const note = (() => {
      const index = mapping.note;
      return index === undefined ? undefined : (cells[index] ?? '');
    })();
    if (note !== undefined) {
      if (note.length > ITEM_NOTE_MAX)
        fail('note', `is too long (at most ${ITEM_NOTE_MAX.toLocaleString('en')} characters).`);
      values.note = note.trim() ? note : null;
    }
    const type = cell('type');
    if (type !== undefined) {
      const status = matchStatus(type);
      if (status === undefined) fail('type', notATypeMessage(type));
      else values.status = status;
    }
    const rowPending: Array<[ReferenceField, string, { id: string; name: string }]> = [];
    for (const field of REFERENCE_FIELDS) {
      const value = cell(field);
      if (value === undefined) continue;
      if (!value) {
        values[COLUMN_OF[field]] = null;
        continue;
      }
      if (value.length > NAME_MAX) {
        fail(field, `is too long (at most ${NAME_MAX} characters).`);
        continue;
      }
      const key = foldName(value);
      const known = lookups.named[field].get(key) ?? pending[field].get(key);
      if (known) values[COLUMN_OF[field]] = known.id;
      else {
        const entity = { id: newId(), name: value };
        rowPending.push([field, key, entity]);
        values[COLUMN_OF[field]] = entity.id;
      }
    }

    if (rowErrors.length) {
      invalidRows++;
      errors.push(...rowErrors);
      rows.push({
        row,
        action: 'error',
        id: existing?.id ?? null,
        values,
        attach: [],
        codes,
        display,
      });
      continue;
    }
    // New names count only from valid rows, so a skipped row creates nothing.
    for (const [field, key, entity] of rowPending) {
      const again = pending[field].get(key);
      if (again) values[COLUMN_OF[field]] = again.id;
      else {
        pending[field].set(key, entity);
        created[field].push(entity);
      }
    }
    const attach = codes.filter((c) => !id || lookups.labels.get(c) !== id);
    const container = cell('container');
    const action = existing ? 'update' : 'create';
    const planned = {
      row,
      action,
      id: existing?.id ?? id ?? newId(),
      values,
      attach,
      codes,
    } as const;
    rows.push({ ...planned, ...(container === undefined ? {} : { container }), display });
  }
  return { rows, errors, invalidRows, created };
}

/** A type as typed in a spreadsheet: any case, with or without the app's emoji. */
function matchStatus(input: string): string | null | undefined {
  if (!input) return null;
  const bare = input
    .replace(/^[^\p{L}]+/u, '')
    .trim()
    .toLowerCase();
  return STATUSES.find((s) => s.toLowerCase() === bare);
}

function notATypeMessage(input: string): string {
  const lower = input.toLowerCase();
  const best = STATUSES.map((s) => ({ s, d: distance(lower, s.toLowerCase()) })).sort(
    (a, b) => a.d - b.d,
  )[0]!;
  const close =
    best.d <= 2 || best.s.toLowerCase().startsWith(lower) || lower.startsWith(best.s.toLowerCase());
  return close
    ? `'${input}' is not a type; did you mean ${best.s}?`
    : `'${input}' is not a type (${STATUSES.join(', ')}, or empty).`;
}

/** Levenshtein distance, for "did you mean". */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = cur;
  }
  return prev[b.length]!;
}
