import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared; queries with literal lists make the tail vary. */
const CACHE_SIZE = 500;

/**
 * better-sqlite3 as Kysely's SQLite driver sees it, with prepared statements reused:
 * compiling the same SQL again on every request cost about a tenth of an item read.
 * Safe because Kysely runs one statement at a time on this connection and `all`/`run`
 * finish before returning; a statement still being iterated (a streamed query) is never
 * handed out twice.
 */
export function withStatementCache(database: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      let statement = cache.get(sql);
      if (statement && !statement.busy) {
        // Map order is insertion order: re-inserting marks it most recently used.
        cache.delete(sql);
        cache.set(sql, statement);
        return statement;
      }
      statement = database.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}
