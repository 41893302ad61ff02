import type { FastifyInstance } from 'fastify';
import { sqliteFile } from '../../db/connection.ts';

const queues = new Map<string, Promise<void>>();

/**
 * Runs reservation write transactions of one SQLite file one at a time within this
 * process. Across processes SQLite's write lock does that (reservationsRepo.lock takes it
 * with the transaction's first statement, and busy_timeout waits for it). Within one
 * process, two app instances on the same file (the race test) would each hold a connection:
 * better-sqlite3 waits for a busy lock synchronously, so the waiting one would block the
 * thread the holder needs to commit, and fail after busy_timeout. PostgreSQL needs none
 * of this: its advisory lock waits without blocking anyone else.
 */
export async function oneWriterAtATime<T>(
  app: FastifyInstance,
  work: () => Promise<T>,
): Promise<T> {
  if (app.dialect !== 'sqlite') return work();
  const key = sqliteFile(app.config.dataDir);
  const before = queues.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = before.then(() => mine);
  queues.set(key, tail);
  await before;
  try {
    return await work();
  } finally {
    release();
    if (queues.get(key) === tail) queues.delete(key);
  }
}
