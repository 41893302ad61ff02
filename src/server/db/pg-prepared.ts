import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { preparedTexts } from './compiled-query.ts';

/**
 * PostgreSQL's answer to a prepared statement whose result columns changed type since it was
 * prepared (a migration of another instance, an operator's ALTER): 0A000, "cached plan must
 * not change result type". The statement then fails on every run on that connection.
 */
const STALE_RESULT_TYPE = '0A000';

/**
 * A pg pool as Kysely's PostgreSQL driver sees it, running the queries built once
 * (compiled-query.ts) as named prepared statements: the item query joins seven tables and
 * planning it took ~2 ms, ten times its execution. pg prepares a name once per
 * connection and then only binds; every other query goes through unchanged.
 */
export function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const names = new Map<string, string>();
  let renamings = 0;
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `yk_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      names.set(text, name);
    }
    return name;
  };
  /**
   * A new name makes every connection prepare the text again against today's schema, each
   * once. The old statement stays unused on the connections that prepared it (a few KB).
   * Requests that failed together rename once.
   */
  const renameStale = (text: string, staleName: string) => {
    if (names.get(text) !== staleName) return;
    renamings += 1;
    names.set(text, `${staleName.replace(/_r\d+$/, '')}_r${renamings}`);
  };
  const runPrepared = async (client: pg.PoolClient, text: string, values?: unknown[]) => {
    const name = nameOf(text);
    // Read before the statement: the status pg has when an error comes back may be the
    // one from before it. Idle here means the statement was its own transaction.
    const ownTransaction = client.getTransactionStatus() === 'I';
    try {
      return await client.query({ name, text, values });
    } catch (error) {
      if ((error as { code?: unknown }).code !== STALE_RESULT_TYPE) throw error;
      renameStale(text, name);
      // Inside a transaction the failure has aborted it: the caller rolls back, and the next
      // run (by the new name) succeeds. On its own, it runs again once, now.
      if (!ownTransaction) throw error;
      return client.query({ name: nameOf(text), text, values });
    }
  };
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapped = clients.get(client);
    if (wrapped) return wrapped;
    wrapped = {
      // Kysely passes SQL text with parameters, or a cursor (a streamed query).
      query: ((textOrCursor: string, values?: unknown[]) =>
        preparedTexts.has(textOrCursor)
          ? runPrepared(client, textOrCursor, values)
          : client.query(textOrCursor, values)) as unknown as PostgresPoolClient['query'],
      release: () => client.release(),
    };
    clients.set(client, wrapped);
    return wrapped;
  };
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}
