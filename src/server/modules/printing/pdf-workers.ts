import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { JOB_THREAD_IDLE_MS, workerPool } from '../../lib/worker-pool.ts';
import type { LabelJob } from './label-pdf.ts';
import type { PackingSheet } from './packing-sheet.pdf.ts';
import type { StocktakeReport } from './stocktake-report.pdf.ts';
import type { jobs } from './pdf-jobs.ts';

/**
 * PDFs drawn at once: two threads, as the read pool has (one on a 1-core machine). The main
 * thread is idle most of the time, so it still gets the CPU it needs to answer requests.
 */
export const PDF_THREADS = Math.min(2, os.availableParallelism());
/**
 * PDFs that may wait for a thread; the next one is a 503 with Retry-After. A 5,000-label
 * PDF is 5 to 12 s of CPU here: the last of 2 + 4 is done in 15 to 36 s, before the
 * server's 60 s idle timeout closes a connection that waits without a byte.
 */
export const PDF_MAX_WAITING = 4;
export const PDF_RETRY_AFTER_SECONDS = 10;
export const PDF_BUSY_MESSAGE =
  'The server is busy making other PDFs. Please try again in a moment.';

export interface PdfMaker {
  labels(job: LabelJob): Promise<Buffer>;
  packingSheet(sheet: PackingSheet): Promise<Buffer>;
  stocktakeReport(report: StocktakeReport): Promise<Buffer>;
}

/** One pool per app, whichever module asks first (printing, stock-take reports). */
const makers = new WeakMap<FastifyInstance, PdfMaker>();

/**
 * Labels and packing sheets are drawn on worker threads (docs/decisions.md#security-resource-limits):
 * drawn on the main thread, a 5,000-label PDF held up every other request for seconds.
 * The threads end when the app closes.
 */
export function pdfMaker(app: FastifyInstance): PdfMaker {
  const made = makers.get(app);
  if (made) return made;
  const pool = workerPool<typeof jobs>({
    module: new URL('./pdf-jobs.ts', import.meta.url),
    threads: PDF_THREADS,
    maxWaiting: PDF_MAX_WAITING,
    busyMessage: PDF_BUSY_MESSAGE,
    retryAfterSeconds: PDF_RETRY_AFTER_SECONDS,
    maxHeapMb: 512,
    idleExitMs: JOB_THREAD_IDLE_MS,
  });
  app.addHook('onClose', () => pool.close());
  // A thread answers with its bytes as a plain Uint8Array (moved, not copied).
  const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const maker: PdfMaker = {
    labels: async (job) => asBuffer(await pool.run('labels', job)),
    packingSheet: async (sheet) => asBuffer(await pool.run('packingSheet', sheet)),
    stocktakeReport: async (report) => asBuffer(await pool.run('stocktakeReport', report)),
  };
  makers.set(app, maker);
  return maker;
}
