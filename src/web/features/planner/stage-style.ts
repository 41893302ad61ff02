import type { Stage } from '../../../common/round-trip.ts';

/**
 * How a stage looks on the planner: a light fill (the name on it stays dark, readable at
 * AA) and a stronger edge, in the hues of the manifest page's stage badge (JobSection).
 * The stage is also written out, so colour is never the only sign.
 */
export const STAGE_STYLE: Record<Stage, { fill: string; edge: string; dashed?: boolean }> = {
  planning: {
    fill: 'var(--mantine-color-gray-1)',
    edge: 'var(--mantine-color-gray-6)',
    dashed: true,
  },
  reserved: { fill: 'var(--mantine-color-violet-1)', edge: 'var(--mantine-color-violet-9)' },
  out: { fill: 'var(--mantine-color-blue-1)', edge: 'var(--mantine-color-blue-9)' },
  closed: { fill: 'var(--mantine-color-green-0)', edge: 'var(--mantine-color-green-9)' },
};

/** A job short of something: the red that marks it everywhere it appears. */
export const SHORT_RED = 'var(--mantine-color-red-9)';
