import type { DbHandle } from './connection.ts';
import { inProcessReads, type Reads } from './read-jobs.ts';
import { workerReads } from './read-pool.ts';

/** Two threads: two searches at once on a 2-core server, the main thread beside them. */
const READ_THREADS = 2;

/** Where the server's slow reads run: worker threads on an SQLite file, else in process. */
export function openReads(database: DbHandle, gate?: Int32Array): Reads {
  if (database.dialect === 'sqlite' && database.file) {
    return workerReads(database.file, { size: READ_THREADS, gate });
  }
  return inProcessReads(database.db, database.dialect, gate);
}
