import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { readJobs, type ReadJob } from './read-jobs.ts';
import type { Database } from './schema.ts';
import { withStatementCache } from './statement-cache.ts';

export interface ReadRequest {
  id: number;
  job: ReadJob;
  args: unknown;
}
export type ReadAnswer =
  { id: number; value: unknown } | { id: number; error: { message: string; stack?: string } };

const { file, gate } = workerData as { file: string; gate: Int32Array | null };
// Read-only: a job cannot write, whatever it does. WAL lets it read beside the writer.
const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
});
const run = readJobs as unknown as Record<
  ReadJob,
  (db: Kysely<Database>, dialect: 'sqlite', args: unknown) => Promise<unknown>
>;

parentPort!.on('message', async ({ id, job, args }: ReadRequest) => {
  // Tests hold jobs here to show that a busy worker holds up nothing else (read-pool.ts).
  if (gate) while (Atomics.load(gate, 0) === 0) Atomics.wait(gate, 0, 0);
  let answer: ReadAnswer;
  try {
    answer = { id, value: await run[job](db, 'sqlite', args) };
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    answer = { id, error: { message: error.message, stack: error.stack } };
  }
  parentPort!.postMessage(answer);
});
