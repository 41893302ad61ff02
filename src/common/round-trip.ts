import { z } from 'zod';

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

export const conditionSchema = z.enum(CONDITIONS, { error: 'Unknown condition' });
export const stageSchema = z.enum(STAGES);

/** A calendar date as the date input sends it (YYYY-MM-DD), and a real one. */
export const isoDateSchema = z
  .string({ error: 'Dates are written YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'That date does not exist');

/** "12 of 40 still out". */
export function stillOutText(out: number, total: number): string {
  return `${out} of ${total} still out`;
}
