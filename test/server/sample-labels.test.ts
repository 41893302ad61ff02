import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LABEL_ALPHABET, normalizeLabelCode } from '../../src/common/label-code.ts';
import { generateLabelCodes, labelsCsv } from '../../src/web/features/sample-labels/codes.ts';
import {
  labelSheetPdf,
  PAPERS,
  QR_SYMBOL_MM,
  sheetLayout,
} from '../../src/web/features/sample-labels/pdf.ts';

// The sample-label batch, its CSV and its PDF sheet (plain TS, no browser needed). The
// browser test reads the same PDF back with pdftoppm and zbarimg.

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

describe('label sheet PDF', () => {
  it('fits 4 x 5 labels inside a 10 mm margin on A4 and on US Letter', () => {
    const mm = 72 / 25.4;
    for (const paper of ['a4', 'letter'] as const) {
      const layout = sheetLayout(paper);
      expect([layout.columns, layout.rows]).toEqual([4, 5]);
      expect(layout.originX).toBeGreaterThanOrEqual(10 * mm);
      expect(layout.originY).toBeGreaterThanOrEqual(10 * mm);
      expect(QR_SYMBOL_MM).toBeGreaterThanOrEqual(30);
      expect(PAPERS[paper].width).toBeGreaterThan(0);
    }
  });

  it('is a well-formed PDF: header, a page per 20 labels, a correct cross-reference table', async () => {
    const codes = generateLabelCodes(45);
    const bytes = await labelSheetPdf({
      codes,
      publicUrl: 'https://yard.example.com',
      paper: 'a4',
      title: 'Yard (test)',
    });
    const text = Buffer.from(bytes).toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    expect(text).toContain('/Count 3 ');
    expect(text).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(text).toContain('/BaseFont /Courier-Bold');
    expect(text).toContain('/Title (Yard \\(test\\))');

    const startxref = Number(text.match(/startxref\n(\d+)\n%%EOF\n$/)![1]);
    const table = text.slice(startxref).match(/^xref\n0 (\d+)\n([\s\S]*?)trailer/)!;
    const offsets = table[2]!
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.slice(0, 10)));
    expect(offsets).toHaveLength(Number(table[1]) - 1);
    offsets.forEach((offset, i) =>
      expect(text.slice(offset, offset + 12)).toMatch(new RegExp(`^${i + 1} 0 obj\\n`)),
    );
  });

  it('draws each label as QR module rectangles and its code as XXXX-XXXX-XXXX', async () => {
    const codes = ['ABCD1234EFGH', 'JKMN5678PQRS'];
    const bytes = await labelSheetPdf({
      codes,
      publicUrl: 'https://yard.example.com',
      paper: 'letter',
    });
    const text = Buffer.from(bytes).toString('latin1');
    expect(text).toContain('/MediaBox [0 0 612 792]');
    const start = text.indexOf('stream\n') + 'stream\n'.length;
    const end = text.indexOf('\nendstream', start);
    const content = inflateSync(Buffer.from(bytes.slice(start, end))).toString('latin1');
    expect(content).toContain('(ABCD-1234-EFGH) Tj');
    expect(content).toContain('(JKMN-5678-PQRS) Tj');
    // Two symbols: each begins with a 7-module finder run on its first row.
    expect(content.match(/^0 0 7 1 re$/gm)).toHaveLength(2);
  });
});
