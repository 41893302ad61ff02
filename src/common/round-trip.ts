/**
 * The round trip of a job (docs/decisions.md, "Round trip"): where a manifest stands, and
 * the state an item is in.
 */
/** planning → reserved → out → closed (docs/decisions.md, "Reservations: how availability is counted"). */
export const STAGES = ['planning', 'reserved', 'out', 'closed'] as const;
export type Stage = (typeof STAGES)[number];

export const CONDITIONS = ['ok', 'damaged', 'missing'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** Conditions that need attention: the home list's "Needs attention" filter. */
export const ATTENTION_CONDITIONS = ['damaged', 'missing'] as const;

/** Conditions a user may report when an item comes back. */
export const RETURN_CONDITIONS = ['ok', 'damaged'] as const;

/** Nesting levels from the outermost container to the innermost item (pallet ⊃ crate ⊃ item is 3). */
export const MAX_CONTAINER_DEPTH = 8;

/** Types offered first when choosing a container. */
export const PACKAGE_TYPES = ['Pallet', 'Crate', 'Rack'] as const;

/** "12 of 40 still out". */
export function stillOutText(out: number, total: number): string {
  return `${out} of ${total} still out`;
}
