import { formatLabelCode, scanLink } from '../../../common/label-code.ts';
import { QUIET_ZONE, qrMatrix } from '../../lib/scanner/qr-matrix.ts';

/**
 * A printable, vector PDF sheet of labels: each one a QR code of its scan link with the
 * code as XXXX-XXXX-XXXX under it. Written by hand (it is small): QR modules are filled
 * rectangles, one per horizontal run, and the code is set in Courier-Bold, one of the
 * PDF standard fonts, which needs no embedding and, being monospaced, centres exactly.
 */
export type Paper = 'a4' | 'letter';

const MM = 72 / 25.4;
export const PAPERS: Record<Paper, { label: string; width: number; height: number }> = {
  a4: { label: 'A4', width: 210 * MM, height: 297 * MM },
  letter: { label: 'US Letter', width: 8.5 * 72, height: 11 * 72 },
};

/**
 * The printed symbol is 32 mm wide whatever the version: a phone reads modules of about
 * 1 mm from arm's length (the usual rule is a tenth of the distance for the whole code).
 */
export const QR_SYMBOL_MM = 32;
const PAGE_MARGIN_MM = 10;
// 4 x 5 labels on A4 and on US Letter.
export const CELL_W_MM = 47;
export const CELL_H_MM = 50;
const TEXT_PT = 12;
/** Courier glyphs are all 600/1000 of the font size wide. */
const COURIER_ADVANCE = 0.6;

export interface SheetLayout {
  columns: number;
  rows: number;
  perPage: number;
  /** Bottom-left corner of the grid on the page, in points. */
  originX: number;
  originY: number;
}

export function sheetLayout(paper: Paper): SheetLayout {
  const { width, height } = PAPERS[paper];
  const usableW = width - 2 * PAGE_MARGIN_MM * MM;
  const usableH = height - 2 * PAGE_MARGIN_MM * MM;
  const columns = Math.floor(usableW / (CELL_W_MM * MM));
  const rows = Math.floor(usableH / (CELL_H_MM * MM));
  return {
    columns,
    rows,
    perPage: columns * rows,
    originX: (width - columns * CELL_W_MM * MM) / 2,
    originY: (height - rows * CELL_H_MM * MM) / 2,
  };
}

export interface SheetInput {
  codes: readonly string[];
  publicUrl: string;
  paper: Paper;
  title?: string;
}

export async function labelSheetPdf({
  codes,
  publicUrl,
  paper,
  title = 'Labels',
}: SheetInput): Promise<Uint8Array> {
  const layout = sheetLayout(paper);
  const pages: string[] = [];
  for (let start = 0; start < codes.length; start += layout.perPage) {
    pages.push(pageContent(codes.slice(start, start + layout.perPage), publicUrl, layout, paper));
  }
  const streams = await Promise.all(pages.map((p) => deflate(new TextEncoder().encode(p))));
  return assemble(streams, PAPERS[paper], title);
}

function pageContent(
  codes: readonly string[],
  publicUrl: string,
  layout: SheetLayout,
  paper: Paper,
): string {
  const { height } = PAPERS[paper];
  const cellW = CELL_W_MM * MM;
  const cellH = CELL_H_MM * MM;
  const out: string[] = [];
  codes.forEach((code, i) => {
    const col = i % layout.columns;
    const row = Math.floor(i / layout.columns);
    const left = layout.originX + col * cellW;
    const top = height - layout.originY - row * cellH;
    // Cut guide: a hairline in light grey around the cell.
    out.push(`q 0.8 G 0.25 w ${n(left)} ${n(top - cellH)} ${n(cellW)} ${n(cellH)} re S Q`);

    const matrix = qrMatrix(scanLink(publicUrl, code));
    const module = (QR_SYMBOL_MM * MM) / matrix.size;
    const quiet = QUIET_ZONE * module;
    const symbolX = left + (cellW - matrix.size * module) / 2;
    const symbolTop = top - Math.max(quiet, 3 * MM);
    // Module units with y growing downwards: each run is "col row len 1 re".
    out.push(`q ${n(module)} 0 0 ${n(-module)} ${n(symbolX)} ${n(symbolTop)} cm 0 g`);
    for (const [r, c, len] of matrix.runs) out.push(`${c} ${r} ${len} 1 re`);
    out.push('f Q');

    const text = formatLabelCode(code);
    const textW = text.length * COURIER_ADVANCE * TEXT_PT;
    const baseline = symbolTop - matrix.size * module - quiet - TEXT_PT * 0.8;
    out.push(
      `BT /F1 ${TEXT_PT} Tf 0 g ${n(left + (cellW - textW) / 2)} ${n(baseline)} Td (${text}) Tj ET`,
    );
  });
  return out.join('\n');
}

function n(value: number): string {
  return value.toFixed(2).replace(/\.?0+$/, '');
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  // 'deflate' is the zlib format, which is what PDF's FlateDecode expects.
  const stream = new Blob([bytes as BlobPart])
    .stream()
    .pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Objects: 1 catalog, 2 page tree, 3 font, 4 info, then a page and its content per page. */
function assemble(
  streams: Uint8Array[],
  size: { width: number; height: number },
  title: string,
): Uint8Array {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const write = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    chunks.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, body: string, stream?: Uint8Array) => {
    offsets[id] = length;
    write(`${id} 0 obj\n${body}\n`);
    if (stream) {
      write('stream\n');
      write(stream);
      write('\nendstream\n');
    }
    write('endobj\n');
  };

  const pageIds = streams.map((_, i) => 5 + 2 * i);
  // The binary comment line tells transfer tools the file is not plain text.
  write('%PDF-1.4\n');
  write(new Uint8Array([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(
    2,
    `<< /Type /Pages /Count ${pageIds.length} /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] ` +
      `/MediaBox [0 0 ${n(size.width)} ${n(size.height)}] >>`,
  );
  object(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Courier-Bold /Encoding /WinAnsiEncoding >>');
  object(4, `<< /Title (${pdfString(title)}) /Producer (Yardkeep) >>`);
  streams.forEach((stream, i) => {
    const pageId = pageIds[i]!;
    object(
      pageId,
      `<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`,
    );
    object(pageId + 1, `<< /Length ${stream.length} /Filter /FlateDecode >>`, stream);
  });

  const xrefAt = length;
  const count = 5 + 2 * streams.length;
  let xref = `xref\n0 ${count}\n0000000000 65535 f \n`;
  for (let id = 1; id < count; id++) xref += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  write(xref);
  write(`trailer\n<< /Size ${count} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`);

  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** A PDF literal string: printable ASCII only, with its delimiters escaped. */
function pdfString(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
}
