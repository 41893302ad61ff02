import type { Stage } from '../../../common/round-trip.ts';

/**
 * How a stage looks on the planner: a light fill (the name on it stays dark, readable at
 * AA) and a stronger edge. The stage is also written out, so colour is never the only sign.
 */
export const STAGE_STYLE: Record<Stage, { fill: string; edge: string; dashed?: boolean }> = {
  planning: {
    fill: 'var(--mantine-color-gray-1)',
    edge: 'var(--mantine-color-gray-6)',
    dashed: true,
  },
  reserved: { fill: 'var(--mantine-color-blue-1)', edge: 'var(--mantine-color-blue-8)' },
  out: { fill: 'var(--mantine-color-teal-1)', edge: 'var(--mantine-color-teal-9)' },
  closed: { fill: 'var(--mantine-color-gray-0)', edge: 'var(--mantine-color-gray-5)' },
};

/** A job short of something: the red that marks it everywhere it appears. */
export const SHORT_RED = 'var(--mantine-color-red-9)';
