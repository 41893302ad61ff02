import type { FastifyInstance } from 'fastify';
import { tooLarge } from '../../errors.ts';
import { workerPool } from '../../lib/worker-pool.ts';
import type { jobs } from './csv-parse-jobs.ts';
import type { CsvParser } from './csv-read.ts';

/**
 * Parses import files on a worker thread (docs/decisions.md#security-resource-limits): a
 * 20 MB file is seconds of CPU, which on the main thread held up every other request.
 * One thread, and no queue: the import route lets one import run at a time anyway. The
 * thread's heap is capped, so a file that still needs more ends the thread, not the
 * server. The thread ends when the app closes.
 */
export function csvParser(app: FastifyInstance): CsvParser {
  const pool = workerPool<typeof jobs>({
    module: new URL('./csv-parse-jobs.ts', import.meta.url),
    threads: 1,
    maxWaiting: 0,
    busyMessage: 'The server is busy reading another file. Please try again in a moment.',
    retryAfterSeconds: 10,
    maxHeapMb: 256,
    // 8 MB (semi-spaces of under 3 MB): parsing makes short-lived strings, and the file of
    // 288,000 rows peaked 6 MB lower with it than with the 24 MB of the PDF threads.
    youngGenerationMb: 8,
    // A thread for each file, ended as soon as it has answered: its heap (the file, the
    // parse's garbage) goes back at once. Kept for the next file, a refused 9.5 MB file
    // still held 10 to 40 MB when the next one came (docs/decisions.md, "Security: memory
    // of the server"); a thread starts in a few hundred ms of its own CPU.
    idleExitMs: 0,
  });
  app.addHook('onClose', () => pool.close());
  return async (bytes, query) => {
    // Moved to the thread, not copied: a large body (Buffer.concat) already owns its whole
    // buffer, so the file is held once; a small one that shares Node's pool is copied first.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const own = whole ? new Uint8Array(bytes.buffer as ArrayBuffer) : new Uint8Array(bytes);
    try {
      return await pool.run('parse', { bytes: own, query }, [own.buffer]);
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw tooLarge(
          'The file needs more memory to read than the server allows. Split it into parts.',
        );
      }
      throw err;
    }
  };
}
