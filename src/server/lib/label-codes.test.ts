import { describe, expect, it } from 'vitest';
import { LABEL_ALPHABET, normalizeLabelCode } from '../../common/label-code.ts';
import { generateLabelCode, generateLabelCodes } from './label-codes.ts';

describe('generateLabelCode', () => {
  it('makes 12-character codes that read back as themselves', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateLabelCode();
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
      expect(normalizeLabelCode(code)).toBe(code);
    }
  });

  it('uses the whole alphabet evenly', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      for (const c of generateLabelCode()) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect([...counts.keys()].sort().join('')).toBe(LABEL_ALPHABET);
    // 24,000 characters over 32 symbols: 750 each on average; a biased pick would skew
    // some symbols far outside this band.
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(600);
      expect(n).toBeLessThan(900);
    }
  });

  it('makes a batch of distinct codes', () => {
    const codes = generateLabelCodes(500);
    expect(codes).toHaveLength(500);
    expect(new Set(codes).size).toBe(500);
  });
});
