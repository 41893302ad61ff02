import { BODY_WIDTH, MARGIN, mm, newA4, PAGE, put, rule } from './a4-page.ts';
import { finish } from './label-pdf.ts';

/** One line of a stock-take report: an item (or an unknown code) and how it was counted. */
export interface ReportLine {
  name: string;
  /** Type, label code, where it belonged or why it was unexpected. */
  facts: string;
  /** "jane@example.com, 2026-11-25 23:10" or "not scanned". */
  who: string;
}

export interface StocktakeReport {
  title: string;
  /** "Started … by …   ·   Finished …". */
  subtitle: string;
  /** "38 of 52 found · 3 wrong place · 1 unknown". */
  summary: string;
  sections: Array<{ heading: string; empty: string; lines: ReportLine[] }>;
  printedAt: Date;
}

const BODY_PT = 9;
const ROW_GAP = 3;

/** An A4 report of one stock-take (docs/decisions.md, "Stock-takes"), drawn on a PDF thread. */
export function renderStocktakeReport(report: StocktakeReport): Promise<Buffer> {
  const doc = newA4(report.title);
  const width = BODY_WIDTH;
  let y = MARGIN;
  const ensure = (needed: number) => {
    if (y + needed <= PAGE.height - MARGIN) return;
    doc.addPage();
    y = MARGIN;
  };

  y += put(doc, report.title, MARGIN, y, width, 16, 'bold', 2) + 2;
  y += put(doc, report.subtitle, MARGIN, y, width, BODY_PT, 'regular', 2) + 2;
  y += put(
    doc,
    `Printed ${report.printedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    MARGIN,
    y,
    width,
    BODY_PT,
    'regular',
    1,
  );
  y += mm(3);
  y += put(doc, report.summary, MARGIN, y, width, 12, 'bold', 2) + mm(4);

  const cols = { name: MARGIN, facts: MARGIN + width * 0.36, who: MARGIN + width * 0.7 };
  for (const section of report.sections) {
    ensure(40);
    y +=
      put(doc, `${section.heading} (${section.lines.length})`, MARGIN, y, width, 12, 'bold', 1) + 2;
    if (section.lines.length === 0) {
      y += put(doc, section.empty, MARGIN, y, width, BODY_PT, 'regular', 1) + mm(3);
      continue;
    }
    for (const line of section.lines) {
      ensure(BODY_PT * 2.8 + ROW_GAP);
      const h = Math.max(
        put(doc, line.name, cols.name, y, cols.facts - cols.name - 6, BODY_PT, 'regular', 2),
        put(doc, line.facts, cols.facts, y, cols.who - cols.facts - 6, BODY_PT, 'regular', 2),
        put(doc, line.who, cols.who, y, MARGIN + width - cols.who, BODY_PT, 'regular', 2),
      );
      y += h + ROW_GAP;
      rule(doc, y - ROW_GAP / 2);
    }
    y += mm(4);
  }
  return finish(doc);
}
