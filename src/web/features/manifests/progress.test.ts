import { describe, expect, it } from 'vitest';
import type { Requirement } from '../../../common/schemas/requirement.ts';
import {
  balanceColor,
  balanceText,
  progressRows,
  progressTotals,
  type ProgressRow,
} from './progress.ts';

const required = (component_id: string, component_name: string, count: number): Requirement => ({
  manifest_id: 'm',
  component_id,
  component_name,
  count,
  version: 4,
});
const packed = (component_id: string, component_name: string, count: number) => ({
  component_id,
  component_name,
  count,
});

describe('progressRows', () => {
  it('is empty when nothing is required or packed, and leaves out packed counts of 0', () => {
    expect(progressRows([], [])).toEqual([]);
    expect(progressRows([], [packed('c', 'Cable', 0)])).toEqual([]);
  });

  it('counts what is missing and what is over for each required type', () => {
    const rows = progressRows(
      [required('a', 'Amp', 4), required('b', 'Bolt', 2), required('c', 'Cable', 3)],
      [packed('a', 'Amp', 1), packed('b', 'Bolt', 5), packed('c', 'Cable', 3)],
    );
    expect(rows).toEqual([
      {
        componentId: 'a',
        componentName: 'Amp',
        required: 4,
        version: 4,
        packed: 1,
        missing: 3,
        over: 0,
      },
      {
        componentId: 'b',
        componentName: 'Bolt',
        required: 2,
        version: 4,
        packed: 5,
        missing: 0,
        over: 3,
      },
      {
        componentId: 'c',
        componentName: 'Cable',
        required: 3,
        version: 4,
        packed: 3,
        missing: 0,
        over: 0,
      },
    ]);
  });

  it('lists required types by name first, then what is packed but not required, all of it over', () => {
    const rows = progressRows(
      [required('z', 'zebra tape', 1), required('a', 'Amp', 1)],
      [packed('x', 'Xlr', 2), packed('d', 'drum', 1)],
    );
    expect(rows.map((r) => r.componentName)).toEqual(['Amp', 'zebra tape', 'drum', 'Xlr']);
    expect(rows[2]).toEqual({
      componentId: 'd',
      componentName: 'drum',
      required: null,
      packed: 1,
      missing: 0,
      over: 1,
    });
    expect(rows[0]).toMatchObject({ packed: 0, missing: 1 });
  });
});

describe('progressTotals', () => {
  it('counts only required types, and extra pieces do not make up for missing ones', () => {
    const rows = progressRows(
      [required('a', 'Amp', 4), required('b', 'Bolt', 2)],
      [packed('a', 'Amp', 1), packed('b', 'Bolt', 5), packed('x', 'Extra', 9)],
    );
    expect(progressTotals(rows)).toEqual({ required: 6, packed: 3, missing: 3 });
    expect(progressTotals([])).toEqual({ required: 0, packed: 0, missing: 0 });
  });
});

describe('the "Missing or over" column', () => {
  const row = (missing: number, over: number): ProgressRow => ({
    componentId: 'c',
    componentName: 'Cable',
    required: 1,
    packed: 1,
    missing,
    over,
  });
  it.each([
    { r: row(2, 0), text: '2 missing', color: 'red.9' },
    { r: row(0, 3), text: '3 over', color: 'violet.9' },
    { r: row(0, 0), text: 'Complete', color: 'teal.9' },
  ])('says $text in $color', ({ r, text, color }) => {
    expect(balanceText(r)).toBe(text);
    expect(balanceColor(r)).toBe(color);
  });
});
