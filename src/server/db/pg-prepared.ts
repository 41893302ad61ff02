import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { preparedTexts } from './compiled-query.ts';

/**
 * A pg pool as Kysely's PostgreSQL driver sees it, running the queries built once
 * (compiled-query.ts) as named prepared statements: the item query joins six tables and
 * planning it took ~2 ms, ten times its execution. pg prepares a name once per
 * connection and then only binds; every other query goes through unchanged.
 */
export function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `yk_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      names.set(text, name);
    }
    return name;
  };
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapped = clients.get(client);
    if (wrapped) return wrapped;
    wrapped = {
      // Kysely passes SQL text with parameters, or a cursor (a streamed query).
      query: ((textOrCursor: string, values?: unknown[]) =>
        preparedTexts.has(textOrCursor)
          ? client.query({ name: nameOf(textOrCursor), text: textOrCursor, values })
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
