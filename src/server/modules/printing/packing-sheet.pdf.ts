import { qrMatrix } from '../../../common/qr-matrix.ts';
import { BODY_WIDTH, MARGIN, mm, newA4, PAGE, put, rule } from './a4-page.ts';
import { drawQr, finish } from './label-pdf.ts';
import { QUIET } from './label-layout.ts';
import type { Doc } from './pdf-text.ts';

export interface PackingGroup {
  location: string | null;
  items: Array<{ name: string; type: string; component: string | null; codes: string[] }>;
}

export interface PackingSheet {
  title: string;
  client: string | null;
  status: string | null;
  note: string | null;
  /** Opens the manifest in packing mode: the only QR code on the sheet. */
  link: string;
  requirements: Array<{ component: string; required: number; packed: number }>;
  groups: PackingGroup[];
  printedAt: Date;
}

const BODY_PT = 10;
const ROW_GAP = 4;
const BOX = 9;

/**
 * One A4 packing list. Items carry their label codes as text only: a crew must scan the
 * kit itself, never the paper (docs/decisions.md#printing).
 */
export function renderPackingSheet(sheet: PackingSheet): Promise<Buffer> {
  const doc = newA4(`Packing list: ${sheet.title}`);
  const width = BODY_WIDTH;
  let y = MARGIN;

  // Header: title and facts on the left, the manifest's QR on the right.
  const qrSide = mm(32);
  const textWidth = width - qrSide - mm(5);
  y += put(doc, `Packing list: ${sheet.title}`, MARGIN, y, textWidth, 18, 'bold', 2);
  const facts = [
    sheet.client && `Client: ${sheet.client}`,
    sheet.status && `Type: ${sheet.status}`,
    `Printed ${sheet.printedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  ].filter(Boolean);
  y += put(doc, facts.join('   ·   '), MARGIN, y, textWidth, BODY_PT, 'regular', 2);
  if (sheet.note) y += put(doc, sheet.note, MARGIN, y, textWidth, 9, 'regular', 4);
  const matrix = qrMatrix(sheet.link, 'M');
  drawQr(doc, matrix, PAGE.width - MARGIN - qrSide, MARGIN, qrSide / (matrix.size + 2 * QUIET));
  put(
    doc,
    'Scan to pack',
    PAGE.width - MARGIN - qrSide,
    MARGIN + qrSide,
    qrSide,
    8,
    'regular',
    1,
    'center',
  );
  y = Math.max(y, MARGIN + qrSide + mm(5)) + mm(3);

  const ensure = (needed: number) => {
    if (y + needed <= PAGE.height - MARGIN) return;
    doc.addPage();
    y = MARGIN;
  };

  // Requirements: required and packed per component type, with a box to tick.
  y += put(doc, 'Required components', MARGIN, y, width, 13, 'bold', 1) + 2;
  if (sheet.requirements.length === 0) {
    y += put(doc, 'No components are required.', MARGIN, y, width, BODY_PT, 'regular', 1) + 6;
  } else {
    const cols = {
      box: MARGIN,
      name: MARGIN + 18,
      required: MARGIN + width - 110,
      packed: MARGIN + width - 50,
    };
    put(doc, 'Required', cols.required, y, 55, 9, 'bold', 1);
    y += put(doc, 'Packed', cols.packed, y, 50, 9, 'bold', 1) + 2;
    for (const r of sheet.requirements) {
      ensure(BODY_PT * 1.4 + ROW_GAP);
      const h = tickedName(doc, cols, cols.required, y, r.component);
      put(doc, String(r.required), cols.required, y, 50, BODY_PT, 'regular', 1);
      put(
        doc,
        `${r.packed}${r.packed >= r.required ? '' : `  (${r.required - r.packed} to go)`}`,
        cols.packed,
        y,
        60,
        BODY_PT,
        'regular',
        1,
      );
      y += h + ROW_GAP;
      rule(doc, y - ROW_GAP / 2);
    }
    y += mm(4);
  }

  // Items, by where they are now.
  ensure(40);
  const total = sheet.groups.reduce((n, g) => n + g.items.length, 0);
  y += put(doc, `Items (${total})`, MARGIN, y, width, 13, 'bold', 1) + 2;
  if (total === 0) put(doc, 'No items are allocated yet.', MARGIN, y, width, BODY_PT, 'regular', 1);
  const cols = {
    box: MARGIN,
    name: MARGIN + 18,
    type: MARGIN + width * 0.5,
    code: MARGIN + width * 0.72,
  };
  for (const group of sheet.groups) {
    ensure(BODY_PT * 4);
    y += mm(1);
    y += put(doc, group.location ?? 'No location', MARGIN, y, width, 11, 'bold', 1) + 2;
    for (const item of group.items) {
      ensure(BODY_PT * 2.8 + ROW_GAP);
      const name = tickedName(doc, cols, cols.type, y, item.name);
      const kind = [item.type, item.component].filter(Boolean).join(' · ');
      const typeH = put(doc, kind, cols.type, y, cols.code - cols.type - 8, 9, 'regular', 2);
      // Codes as text, one per line: the crew reads them, never scans them.
      item.codes.forEach((code, i) => {
        doc
          .font('Courier-Bold')
          .fontSize(9)
          .fillColor('black')
          .text(code, cols.code, y + 1 + i * 9 * 1.2, { lineBreak: false });
      });
      if (item.codes.length === 0) put(doc, 'no label', cols.code, y, 100, 9, 'regular', 1);
      const codeH = Math.max(1, item.codes.length) * 9 * 1.2;
      y += Math.max(name, typeH, codeH) + ROW_GAP;
      rule(doc, y - ROW_GAP / 2);
    }
  }
  return finish(doc);
}

/**
 * A checklist row's start: its tick box, and its name (two lines at most) up to the next
 * column `end`. Returns the name's height.
 */
function tickedName(
  doc: Doc,
  cols: { box: number; name: number },
  end: number,
  y: number,
  text: string,
): number {
  tickBox(doc, cols.box, y + 1);
  return put(doc, text, cols.name, y, end - cols.name - 8, BODY_PT, 'regular', 2);
}

function tickBox(doc: Doc, x: number, y: number): void {
  doc.save().lineWidth(0.8).strokeColor('black').rect(x, y, BOX, BOX).stroke().restore();
}
