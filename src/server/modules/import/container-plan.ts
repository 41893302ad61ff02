import { normalizeLabelCode } from '../../../common/label-code.ts';
import { MAX_CONTAINER_DEPTH } from '../../../common/round-trip.ts';
import { timeSlices, type TimeSlices } from '../../lib/time-slices.ts';
import type { CsvFile } from './csv-read.ts';
import {
  foldName,
  planRows,
  type ImportedValues,
  type LateErrors,
  type Lookups,
  type Plan,
  type PlannedRow,
} from './import-plan.ts';
import type { Mapping } from './mapping.ts';

/**
 * Plans an import (docs/decisions.md#import-and-export): the rows first, then the container
 * column, which can only be read once every row's item is known (a crate may come after
 * what it holds). A row whose container is wrong is planned again as an invalid row, so
 * with valid_only it creates nothing, not even a new client; rows inside it fail in turn.
 */
export async function planImport(
  file: CsvFile,
  mapping: Mapping,
  lookups: Lookups,
  late: LateErrors = new Map(),
  slices: TimeSlices = timeSlices(),
): Promise<Plan> {
  for (let pass = 0; ; pass++) {
    const plan = await planRows(file, mapping, lookups, late, slices);
    const found = placeInContainers(plan, lookups);
    // Each pass only adds failing rows; a chain of containers settles within its depth.
    if (found.size === 0 || pass > MAX_CONTAINER_DEPTH) {
      settleActions(plan, lookups);
      return plan;
    }
    for (const [row, problems] of found) late.set(row, [...(late.get(row) ?? []), ...problems]);
  }
}

/**
 * Resolves each container cell to an item (a label code, an item id, then a name: of a
 * row in the file first, then of an item already stored). Returns the problems. Loops,
 * depth and the location that follows a container are the item door's
 * (items/item-changes.service.ts), as for every other write.
 */
function placeInContainers(plan: Plan, lookups: Lookups): LateErrors {
  const problems: LateErrors = new Map();
  const valid = plan.rows.filter((r) => r.action !== 'error');
  if (!valid.some((r) => r.container !== undefined)) return problems;
  const fail = (row: number, message: string) =>
    problems.set(row, [...(problems.get(row) ?? []), { field: 'container', message }]);

  const byId = new Map(valid.map((r) => [r.id!, r]));
  const byCode = new Map(valid.flatMap((r) => r.codes.map((c) => [c, r] as const)));
  const byName = new Map<string, PlannedRow[]>();
  for (const r of plan.rows) {
    const name = r.values.name ?? (r.id ? lookups.items.get(r.id)?.name : null);
    if (name) byName.set(foldName(name), [...(byName.get(foldName(name)) ?? []), r]);
  }
  const invalid = new Set(plan.rows.filter((r) => r.action === 'error').map((r) => r.row));

  const resolve = (r: PlannedRow, cell: string): string | null => {
    const code = normalizeLabelCode(cell);
    const owner = code ? (byCode.get(code)?.id ?? lookups.labels.get(code)) : undefined;
    if (owner) return owner;
    if (byId.has(cell) || lookups.items.has(cell)) return cell;
    const rows = byName.get(foldName(cell)) ?? [];
    if (rows.length > 1) {
      fail(r.row, `${rows.length} rows are named '${cell}'; use the container's label code.`);
      return null;
    }
    if (rows.length === 1) {
      if (invalid.has(rows[0]!.row)) {
        fail(r.row, `'${cell}' is on row ${rows[0]!.row}, which has problems.`);
        return null;
      }
      return rows[0]!.id;
    }
    const stored = (lookups.itemsNamed.get(foldName(cell)) ?? []).filter((id) => !byId.has(id));
    if (stored.length === 1) return stored[0]!;
    fail(
      r.row,
      stored.length > 1
        ? `${stored.length} items are named '${cell}'; use the container's label code.`
        : `'${cell}' is not the name or label code of a row or an item.`,
    );
    return null;
  };

  for (const r of valid) {
    if (r.container === undefined) continue;
    if (!r.container) r.values.container_id = null;
    else {
      const id = resolve(r, r.container);
      if (id === r.id) fail(r.row, 'an item cannot go inside itself.');
      else if (id) r.values.container_id = id;
    }
  }
  return problems;
}

/** Rows matching an item update it only when a value or a label changes. */
export function settleActions(plan: Plan, lookups: Lookups): void {
  for (const r of plan.rows) {
    if (r.action !== 'update') continue;
    const existing = lookups.items.get(r.id!)!;
    const changed = (Object.keys(r.values) as (keyof ImportedValues)[]).some(
      (k) => (r.values[k] ?? null) !== (existing[k] ?? null),
    );
    if (!changed && r.attach.length === 0) r.action = 'unchanged';
  }
}
