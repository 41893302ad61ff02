import type { ManifestComponent } from '../../../common/schemas/item-component.ts';
import type { Requirement } from '../../../common/schemas/requirement.ts';

/** One line of "required versus packed" for a component type. */
export interface ProgressRow {
  componentId: string;
  componentName: string;
  /** null: packed but not required by this manifest. */
  required: number | null;
  /** The requirement's version, sent back when its count is edited. */
  version?: number;
  packed: number;
  /** How many are still to pack (0 when enough are packed). */
  missing: number;
  /** How many more than required are packed (all of them when not required). */
  over: number;
}

/**
 * Required counts against what the allocated items provide: required
 * components first, by component name (spec sort order), then whatever is packed but not
 * required, so nothing on the pallet is invisible.
 */
export function progressRows(
  requirements: Requirement[],
  provided: ManifestComponent[],
): ProgressRow[] {
  const packedBy = new Map(provided.map((p) => [p.component_id, p.count]));
  const byName = (a: ProgressRow, b: ProgressRow) => a.componentName.localeCompare(b.componentName);
  const required = requirements.map((r): ProgressRow => {
    const packed = packedBy.get(r.component_id) ?? 0;
    return {
      componentId: r.component_id,
      componentName: r.component_name,
      required: r.count,
      version: r.version,
      packed,
      missing: Math.max(0, r.count - packed),
      over: Math.max(0, packed - r.count),
    };
  });
  const requiredIds = new Set(requirements.map((r) => r.component_id));
  const extra = provided
    .filter((p) => !requiredIds.has(p.component_id) && p.count > 0)
    .map((p): ProgressRow => ({
      componentId: p.component_id,
      componentName: p.component_name,
      required: null,
      packed: p.count,
      missing: 0,
      over: p.count,
    }));
  return [...required.sort(byName), ...extra.sort(byName)];
}

export interface ProgressTotals {
  required: number;
  /** Packed towards the requirements: extra pieces do not make up for missing ones. */
  packed: number;
  missing: number;
}

export function progressTotals(rows: ProgressRow[]): ProgressTotals {
  let required = 0;
  let packed = 0;
  let missing = 0;
  for (const row of rows) {
    if (row.required === null) continue;
    required += row.required;
    packed += Math.min(row.packed, row.required);
    missing += row.missing;
  }
  return { required, packed, missing };
}

/** The words of the "Missing or over" column. */
export function balanceText(row: ProgressRow): string {
  if (row.missing > 0) return `${row.missing} missing`;
  if (row.over > 0) return `${row.over} over`;
  return 'Complete';
}

/** Dark shades only: each keeps small text above 4.5:1 on white (WCAG AA). */
export function balanceColor(row: ProgressRow): string {
  if (row.missing > 0) return 'red.9';
  if (row.over > 0) return 'violet.9';
  return 'teal.9';
}
