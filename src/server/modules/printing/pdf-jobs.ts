import { fonts } from './fonts.ts';
import { renderLabels, type LabelJob } from './label-pdf.ts';
import { renderPackingSheet, type PackingSheet } from './packing-sheet.pdf.ts';
import { renderStocktakeReport, type StocktakeReport } from './stocktake-report.pdf.ts';

/**
 * What the PDF threads run (pdf-workers.ts): drawing only, from data the request already
 * read, so a thread never opens the database.
 */
export const jobs = {
  labels: (job: LabelJob) => renderLabels(job),
  packingSheet: (sheet: PackingSheet) => renderPackingSheet(sheet),
  stocktakeReport: (report: StocktakeReport) => renderStocktakeReport(report),
};

/** Reads the fonts when the thread starts (see lib/worker-jobs.ts). */
export const warmUp = () => void fonts();
