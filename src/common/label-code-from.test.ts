import { describe, expect, it } from 'vitest';
import { labelCodeFrom } from './label-code.ts';

describe('label codes from typed, pasted or scanned text', () => {
  it('takes a code in any case, with or without dashes', () => {
    expect(labelCodeFrom('abcd-2345-efgh')).toBe('ABCD2345EFGH');
    expect(labelCodeFrom(' ABCD2345EFGH ')).toBe('ABCD2345EFGH');
  });

  it('takes the last path segment of a scan link', () => {
    expect(labelCodeFrom('https://yard.example/scan/ABCD2345EFGH')).toBe('ABCD2345EFGH');
    expect(labelCodeFrom('https://yard.example/scan/ABCD-2345-EFGH/')).toBe('ABCD2345EFGH');
  });

  it('refuses anything else', () => {
    expect(labelCodeFrom('')).toBeNull();
    expect(labelCodeFrom('nope')).toBeNull();
    expect(labelCodeFrom('https://yard.example/items/')).toBeNull();
  });
});
