import { describe, expect, it } from 'vitest';
import { LABEL_ALPHABET, normalizeLabelCode } from '../../../common/label-code.ts';
import { generateLabelCodes, labelsCsv } from './codes.ts';

// The sample-label batch and its CSV (plain TS, no browser needed). The PDF is made by the
// server (modules/printing, tested there); the browser test reads it back with zbarimg.

describe('label codes for a sheet', () => {
  it('makes the asked number of distinct, well-formed codes', () => {
    const codes = generateLabelCodes(500);
    expect(codes).toHaveLength(500);
    expect(new Set(codes).size).toBe(500);
    for (const code of codes) {
      expect(code).toMatch(new RegExp(`^[${LABEL_ALPHABET}]{12}$`));
      expect(normalizeLabelCode(code)).toBe(code);
    }
  });

  it('draws again when the random source repeats itself', () => {
    // A source that gives the same bytes twice, then different ones.
    let call = 0;
    const fill = (bytes: Uint8Array<ArrayBuffer>) => bytes.fill(call++ < 2 ? 0 : 33);
    expect(generateLabelCodes(2, fill)).toEqual(['000000000000', '111111111111']);
    expect(call).toBe(3);
  });

  it('uses all 32 characters: the low 5 bits of a byte pick one', () => {
    let next = 0;
    const fill = (bytes: Uint8Array<ArrayBuffer>) => bytes.map(() => next++ % 256);
    const seen = new Set(generateLabelCodes(3, fill).join(''));
    expect(seen.size).toBe(32);
  });
});

describe('labels CSV', () => {
  it('has the columns link and id, one label a row, links on PUBLIC_URL', () => {
    const csv = labelsCsv(['ABCD1234EFGH', '0000ZZZZ1111'], 'https://yard.example.com/');
    expect(csv).toBe(
      'link,id\r\nhttps://yard.example.com/scan/ABCD1234EFGH,ABCD1234EFGH\r\nhttps://yard.example.com/scan/0000ZZZZ1111,0000ZZZZ1111\r\n',
    );
  });

  it('quotes a link that holds a comma or a quote', () => {
    expect(labelsCsv(['ABCD1234EFGH'], 'https://x.example/a,"b"')).toBe(
      'link,id\r\n"https://x.example/a,""b""/scan/ABCD1234EFGH",ABCD1234EFGH\r\n',
    );
  });
});
