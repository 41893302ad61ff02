import type { Kysely } from 'kysely';
import { holdsOneTransaction, outsideOneTransaction } from './one-transaction.ts';
import type { Database } from './schema.ts';

interface Waiting<R> {
  key: string;
  resolve: (row: R | undefined) => void;
  reject: (error: unknown) => void;
}

/** The reads asked for during this turn of the event loop, by database and by group. */
type Pending<R> = Map<string | null, Array<Waiting<R>>>;

/**
 * Reads by key asked for during one turn of the event loop (the requests whose bytes
 * arrived together), answered by one query per group instead of one each. On PostgreSQL
 * each query is a round trip: a socket write and read in this process, and a wake-up,
 * executor start and answer in the database's; at ten concurrent item GETs those were
 * most of a GET's CPU (docs/decisions.md, "The item GET, session 11").
 *
 * `readMany(db, group, keys)` returns the rows found, by key; a key it does not return is
 * not found. Reads in a group share everything but their key (the caller's scope is the
 * group). A read on a transaction, or inside inOneTransaction() once it holds a
 * connection, is never batched: it must see that transaction's own writes, so it runs at
 * once through `readOne`.
 */
export function batchedReads<R>(
  readOne: (db: Kysely<Database>, group: string | null, key: string) => Promise<R | undefined>,
  readMany: (db: Kysely<Database>, group: string | null, keys: string[]) => Promise<Map<string, R>>,
): (db: Kysely<Database>, group: string | null, key: string) => Promise<R | undefined> {
  const pending = new WeakMap<Kysely<Database>, Pending<R>>();

  const flush = async (db: Kysely<Database>, group: string | null, waiting: Array<Waiting<R>>) => {
    try {
      if (waiting.length === 1) {
        waiting[0]!.resolve(await readOne(db, group, waiting[0]!.key));
        return;
      }
      const rows = await readMany(db, group, [...new Set(waiting.map((w) => w.key))]);
      for (const w of waiting) w.resolve(rows.get(w.key));
    } catch (error) {
      for (const w of waiting) w.reject(error);
    }
  };

  return (db, group, key) => {
    if (db.isTransaction || holdsOneTransaction()) return readOne(db, group, key);
    return new Promise<R | undefined>((resolve, reject) => {
      let groups = pending.get(db);
      if (!groups) {
        const turn: Pending<R> = new Map();
        groups = turn;
        pending.set(db, turn);
        // After the poll phase that read this turn's requests; outside any caller's
        // inOneTransaction() so that no read borrows another request's connection.
        outsideOneTransaction(() =>
          setImmediate(() => {
            pending.delete(db);
            for (const [g, waiting] of turn) void flush(db, g, waiting);
          }),
        );
      }
      let waiting = groups.get(group);
      if (!waiting) groups.set(group, (waiting = []));
      waiting.push({ key, resolve, reject });
    });
  };
}
