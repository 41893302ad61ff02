import { PostgresAdapter, sql, type Insertable, type Kysely } from 'kysely';
import { bulkBatches } from './batches.ts';
import type { Database } from './schema.ts';

// The builder untyped by table: Kysely cannot follow a table name that is a type parameter.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Many generated rows into one table, for bulk loads (the seed). Every row has the
 * columns of the first row (a missing value is NULL, not the column's default).
 *
 * - SQLite: multi-row INSERTs as large as the parameter limit allows; the engine runs in
 *   this process, so a parameter costs next to nothing.
 * - PostgreSQL: one `INSERT … SELECT * FROM unnest($1::type[], $2::type[], …)` with one
 *   array a column. A multi-row VALUES list of 30,000 parameters was parsed, bound and
 *   planned per statement, on both sides of the connection; an array a column is one
 *   parameter each, whatever the row count (docs/decisions.md, "Seeding a million items").
 */
export async function bulkInsert<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
): Promise<void> {
  if (rows.length === 0) return;
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    for (const batch of bulkBatches(rows)) {
      await (db as AnyDb).insertInto(table).values(batch).execute();
    }
    return;
  }
  const columns = Object.keys(rows[0]!);
  const types = await columnTypes(db, table);
  const arrays = columns.map((column) => {
    const type = types.get(column);
    if (!type) throw new Error(`${table} has no column ${column}`);
    const values = rows.map((row) => (row as Record<string, unknown>)[column] ?? null);
    return sql`${values}::${sql.raw(type)}[]`;
  });
  await sql`INSERT INTO ${sql.id(table)} (${sql.join(columns.map((c) => sql.id(c)))})
    SELECT * FROM unnest(${sql.join(arrays)})`.execute(db);
}

/** A PostgreSQL table's columns and their types as SQL names (`text`, `integer`…). */
async function columnTypes(db: Kysely<Database>, table: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; type: string }>`
    SELECT attname AS name, format_type(atttypid, NULL) AS type
    FROM pg_attribute
    WHERE attrelid = to_regclass(${table}) AND attnum > 0 AND NOT attisdropped`.execute(db);
  return new Map(rows.map((r) => [r.name, r.type]));
}
