import { describe, expect, it } from 'vitest';
import { requirementLine } from './requirement-line.ts';

describe('a requirement for the window', () => {
  it('says how many are short when fewer are available than required', () => {
    expect(requirementLine({ required: 5, fulfilled: 1, available: 2, short: 2 })).toBe(
      '5 required · 3 available · short 2',
    );
  });

  it('leaves the shortage out when there is none', () => {
    expect(requirementLine({ required: 2, fulfilled: 0, available: 7, short: 0 })).toBe(
      '2 required · 7 available',
    );
  });

  it('reads an overbooked type (negative available) as none available', () => {
    expect(requirementLine({ required: 1, fulfilled: 0, available: -1, short: 1 })).toBe(
      '1 required · 0 available · short 1',
    );
  });
});
