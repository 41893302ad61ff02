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

  it('draws a sheet of 5,000 codes from the random source in one call, not one per code', () => {
    // Each call costs ~20 µs on a busy server: 5,000 of them held the event loop (issue 25).
    const sizes: number[] = [];
    const fill = (bytes: Uint8Array<ArrayBuffer>) => {
      sizes.push(bytes.length);
      return globalThis.crypto.getRandomValues(bytes);
    };
    const codes = generateLabelCodes(5000, fill);
    expect(new Set(codes).size).toBe(5000);
    expect(sizes).toEqual([5000 * 12]);
    for (const code of codes) expect(normalizeLabelCode(code)).toBe(code);
    // Past what getRandomValues fills in one call (65,536 bytes), in as few calls as fit.
    sizes.length = 0;
    expect(generateLabelCodes(6000, fill)).toHaveLength(6000);
    expect(sizes).toEqual([5461 * 12, 539 * 12]);
  });
});
