import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyInstance } from 'fastify';
import { formatLabelCode } from '../../../common/label-code.ts';
import { countsText } from '../../../common/stocktake-counts.ts';
import type { ScanRow, StocktakeDetail, StocktakeItem } from '../../../common/schemas/stocktake.ts';
import { neutraliseFormula } from '../import/csv-formulas.ts';
import type { PdfMaker } from '../printing/pdf-workers.ts';
import type { ReportLine, StocktakeReport } from '../printing/stocktake-report.pdf.ts';
import { getStocktake } from './stocktakes.service.ts';

/**
 * The stock-take report (docs/decisions.md, "Stock-takes"): the same rows as the screen, as
 * a PDF (drawn on the PDF threads) and as a CSV (cells that would start a formula quoted).
 */

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

const itemName = (item: StocktakeItem) => item.name ?? '(no name)';

function scanLine(row: ScanRow): ReportLine {
  const facts = [
    row.item.status,
    row.code ? formatLabelCode(row.code) : row.via_container_id ? 'counted with its crate' : null,
    row.detail,
    row.moved_at ? `moved here ${when(row.moved_at)}` : null,
  ].filter(Boolean);
  return {
    name: itemName(row.item),
    facts: facts.join(' · '),
    who: `${row.scanned_by_email ?? 'Anonymous'}, ${when(row.scanned_at)}`,
  };
}

const uncountedLine = (item: StocktakeItem, who: string): ReportLine => ({
  name: itemName(item),
  facts: [item.status, item.container_name ?? item.location_name].filter(Boolean).join(' · '),
  who,
});

export function reportOf(d: StocktakeDetail): StocktakeReport {
  const finished = d.finished_at
    ? `Finished ${when(d.finished_at)} UTC by ${d.finished_by_email ?? 'Anonymous'}`
    : 'Still open';
  return {
    title: `Stock-take: ${d.place_name}`,
    subtitle: `Started ${when(d.started_at)} UTC by ${d.started_by_email ?? 'Anonymous'}   ·   ${finished}`,
    summary: countsText(d.counts),
    sections: [
      { heading: 'Found', empty: 'Nothing found yet.', lines: d.found.map(scanLine) },
      {
        heading: 'Wrong place',
        empty: 'Nothing in the wrong place.',
        lines: d.wrong_place.map(scanLine),
      },
      { heading: 'Unexpected', empty: 'Nothing unexpected.', lines: d.unexpected.map(scanLine) },
      {
        heading: 'Missing',
        empty: 'Nothing marked missing.',
        lines: d.missing.map((i) => uncountedLine(i, 'marked missing')),
      },
      {
        heading: 'Not scanned',
        empty: 'Everything expected was scanned.',
        lines: d.not_scanned.map((i) => uncountedLine(i, 'not scanned')),
      },
      {
        heading: 'Unknown labels',
        empty: 'No unknown labels.',
        lines: d.unknown.map((u) => ({
          name: formatLabelCode(u.code),
          facts: 'attached to no item',
          who: `${u.scanned_by_email ?? 'Anonymous'}, ${when(u.scanned_at)}`,
        })),
      },
    ],
    printedAt: new Date(),
  };
}

export async function reportPdf(
  app: FastifyInstance,
  pdfs: PdfMaker,
  id: string,
): Promise<{ pdf: Buffer; name: string }> {
  const detail = await getStocktake(app, id);
  const pdf = await pdfs.stocktakeReport(reportOf(detail));
  return { pdf, name: `stocktake-${detail.place_name}-${detail.started_at.slice(0, 10)}.pdf` };
}

export const CSV_COLUMNS = [
  'outcome',
  'item_id',
  'name',
  'type',
  'label',
  'detail',
  'scanned_by',
  'scanned_at',
  'moved_at',
] as const;

/** The CSV rows: one per counted item, missing or not-scanned item, and unknown code. */
export function reportRows(d: StocktakeDetail): string[][] {
  const scan = (outcome: string) => (r: ScanRow) => [
    outcome,
    r.item.id,
    r.item.name ?? '',
    r.item.status ?? '',
    r.code ? formatLabelCode(r.code) : '',
    r.detail ?? (r.via_container_id ? 'counted with its crate' : ''),
    r.scanned_by_email ?? '',
    r.scanned_at,
    r.moved_at ?? '',
  ];
  const uncounted = (outcome: string) => (i: StocktakeItem) => [
    outcome,
    i.id,
    i.name ?? '',
    i.status ?? '',
    '',
    i.container_name ?? i.location_name ?? '',
    '',
    '',
    '',
  ];
  return [
    ...d.found.map(scan('found')),
    ...d.wrong_place.map(scan('wrong_place')),
    ...d.unexpected.map(scan('unexpected')),
    ...d.missing.map(uncounted('missing')),
    ...d.not_scanned.map(uncounted('not_scanned')),
    ...d.unknown.map((u) => [
      'unknown',
      '',
      '',
      '',
      formatLabelCode(u.code),
      '',
      u.scanned_by_email ?? '',
      u.scanned_at,
      '',
    ]),
  ].map((row) => row.map(neutraliseFormula));
}

export async function reportCsv(
  app: FastifyInstance,
  id: string,
): Promise<{ csv: Readable; name: string }> {
  const detail = await getStocktake(app, id);
  const csv = Readable.from([[...CSV_COLUMNS], ...reportRows(detail)]).pipe(
    stringify({ bom: true }),
  );
  return { csv, name: `stocktake-${detail.place_name}-${detail.started_at.slice(0, 10)}.csv` };
}
