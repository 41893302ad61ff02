import type { Kysely } from 'kysely';
import type { Dialect } from './connection.ts';
import type { Database } from './schema.ts';
import {
  countItems,
  itemsAfter,
  itemsAtOffset,
  searchItems,
  type NamePosition,
} from '../modules/items/item-list.repo.ts';

/**
 * Reads that can take more than a few milliseconds at 100,000 items. On SQLite they run on
 * a worker thread's read-only connection (read-pool.ts), so no other request waits for
 * them; on PostgreSQL, which answers asynchronously anyway, on the server's own pool.
 * Arguments and answers cross threads, so they are plain data.
 */
export const readJobs = {
  searchItems: (db: Kysely<Database>, dialect: Dialect, args: Parameters<typeof searchItems>[2]) =>
    searchItems(db, dialect, args),
  itemsAtOffset: (
    db: Kysely<Database>,
    _dialect: Dialect,
    args: { filters: Parameters<typeof itemsAtOffset>[1]; offset: number; limit: number },
  ) => itemsAtOffset(db, args.filters, args.offset, args.limit),
  itemsAfter: (
    db: Kysely<Database>,
    _dialect: Dialect,
    args: { filters: Parameters<typeof itemsAfter>[1]; after: NamePosition | null; limit: number },
  ) => itemsAfter(db, args.filters, args.after, args.limit),
  countItems: (
    db: Kysely<Database>,
    _dialect: Dialect,
    filters: Parameters<typeof countItems>[1],
  ) => countItems(db, filters),
};

export type ReadJobs = typeof readJobs;
export type ReadJob = keyof ReadJobs;
export type ReadArgs<J extends ReadJob> = Parameters<ReadJobs[J]>[2];
export type ReadResult<J extends ReadJob> = Awaited<ReturnType<ReadJobs[J]>>;

/** Runs read jobs; `close` ends whatever threads it started. */
export interface Reads {
  run<J extends ReadJob>(job: J, args: ReadArgs<J>): Promise<ReadResult<J>>;
  /** Starts threads now, so the first search after a start does not wait for one. */
  warm(): void;
  close(): Promise<void>;
}

/**
 * Reads on the server's own connection: PostgreSQL, or SQLite without a file. A test's
 * gate (read-pool.ts) holds a PostgreSQL read without blocking, as a slow query would.
 */
export function inProcessReads(db: Kysely<Database>, dialect: Dialect, gate?: Int32Array): Reads {
  return {
    async run(job, args) {
      if (gate && dialect === 'sqlite' && Atomics.load(gate, 0) === 0) {
        // SQLite is synchronous: held here, the job would hold the whole server.
        throw new Error('a held SQLite read would block the main thread');
      }
      while (gate && Atomics.load(gate, 0) === 0) await new Promise((r) => setTimeout(r, 5));
      const read = readJobs[job] as (db: Kysely<Database>, d: Dialect, a: typeof args) => never;
      return read(db, dialect, args);
    },
    warm: () => {},
    close: async () => {},
  };
}
