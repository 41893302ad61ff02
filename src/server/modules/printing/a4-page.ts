import PDFDocument from 'pdfkit';
import type { FontRole } from './fonts.ts';
import { drawLines, fitText, PT_PER_MM, registerFonts, type Doc } from './pdf-text.ts';

/** The A4 documents (packing list, stock-take report) share one page, margin and text box. */
export const mm = (v: number) => v * PT_PER_MM;
export const PAGE = { width: mm(210), height: mm(297) };
export const MARGIN = mm(15);
/** The width between the margins. */
export const BODY_WIDTH = PAGE.width - 2 * MARGIN;

/** A new A4 PDF with no page margin of its own (we place everything) and the label fonts. */
export function newA4(title: string): Doc {
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    info: { Title: title, Producer: 'Yardkeep', Creator: 'Yardkeep' },
  });
  registerFonts(doc);
  return doc;
}

/** Draws text in a box of the given width; returns the height used. */
export function put(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  pt: number,
  role: FontRole,
  maxLines: number,
  align: 'left' | 'center' = 'left',
): number {
  const fitted = fitText(doc, text, {
    width,
    height: maxLines * pt * 1.4,
    maxPt: pt,
    minPt: Math.min(pt, 7),
    maxLines,
    role,
  });
  doc.fillColor('black');
  drawLines(doc, fitted, { x, y, width }, role, align);
  return fitted.height;
}

/** A thin grey line across the body between two rows. */
export function rule(doc: Doc, y: number): void {
  doc
    .save()
    .lineWidth(0.3)
    .strokeColor('#bbbbbb')
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + BODY_WIDTH, y)
    .stroke()
    .restore();
}
