/* eslint-disable @typescript-eslint/no-explicit-any -- tables are read generically, by name */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/connection.ts';

/**
 * The database seen generically, table by table, for backup and restore: whatever tables
 * the migrations made, so a table added later is backed up without anyone listing it.
 */
type AnyDb = Kysely<any>;

/** Kysely's bookkeeping: recorded in the manifest as a list of names, not copied as rows. */
const MIGRATION_TABLE = 'kysely_migration';
/**
 * Kept by the database from other tables, as an FTS index is on SQLite: PostgreSQL's list
 * of the search documents' words (migration 033) is filled by triggers as item_search is
 * restored, and only ever grows, so a restore leaves what it held in place.
 */
const DERIVED_TABLES = ['search_words'];
const INTERNAL_TABLES = new Set([MIGRATION_TABLE, 'kysely_migration_lock', ...DERIVED_TABLES]);

export interface TableShape {
  name: string;
  /** The columns a row is written with: generated columns are left to the database. */
  columns: string[];
}

/**
 * Every data table with its writable columns, by name. SQLite: ordinary tables only, so
 * an FTS index (a virtual table and its shadow tables) is rebuilt by its triggers instead.
 */
export async function listTables(db: AnyDb, dialect: Dialect): Promise<TableShape[]> {
  const columns =
    dialect === 'sqlite'
      ? await sql<{ table_name: string; column_name: string }>`
          SELECT t.name AS table_name, c.name AS column_name
          FROM pragma_table_list AS t, pragma_table_xinfo(t.name) AS c
          WHERE t.schema = 'main' AND t.type = 'table' AND t.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            AND c.hidden = 0
          ORDER BY t.name, c.cid`.execute(db)
      : await sql<{ table_name: string; column_name: string }>`
          SELECT c.table_name, c.column_name
          FROM information_schema.columns c
          JOIN information_schema.tables t
            ON t.table_schema = c.table_schema AND t.table_name = c.table_name
          WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
            AND c.is_generated <> 'ALWAYS'
          ORDER BY c.table_name, c.ordinal_position`.execute(db);
  const tables = new Map<string, string[]>();
  for (const { table_name, column_name } of columns.rows) {
    if (INTERNAL_TABLES.has(table_name)) continue;
    const list = tables.get(table_name) ?? [];
    list.push(column_name);
    tables.set(table_name, list);
  }
  return [...tables.entries()]
    .map(([name, cols]) => ({ name, columns: cols }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The migrations this database has run; none when it was never migrated. */
export async function executedMigrations(db: AnyDb, dialect: Dialect): Promise<string[]> {
  const exists =
    dialect === 'sqlite'
      ? await sql`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ${MIGRATION_TABLE}`.execute(
          db,
        )
      : await sql`SELECT 1 FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_name = ${MIGRATION_TABLE}`.execute(db);
  if (exists.rows.length === 0) return [];
  const rows = await db.selectFrom(MIGRATION_TABLE).select('name').orderBy('name').execute();
  return rows.map((r) => String(r.name));
}

/** How many rows the tables hold in all (inside the snapshot: what the backup will read). */
export async function countRows(db: AnyDb, tables: TableShape[]): Promise<number> {
  let total = 0;
  for (const { name } of tables) {
    const row = await sql<{
      n: number | string;
    }>`SELECT count(*) AS n FROM ${sql.table(name)}`.execute(db);
    total += Number(row.rows[0]?.n ?? 0);
  }
  return total;
}

/** The tables holding at least one row. */
export async function nonEmptyTables(db: AnyDb, tables: TableShape[]): Promise<string[]> {
  const found: string[] = [];
  for (const { name } of tables) {
    const row = await sql`SELECT 1 FROM ${sql.table(name)} LIMIT 1`.execute(db);
    if (row.rows.length > 0) found.push(name);
  }
  return found;
}

/**
 * The rows of one table, a batch at a time, as values in column order. Call it inside the
 * snapshot transaction: every table is then read as of the same moment.
 */
export async function* readRows(
  trx: AnyDb,
  dialect: Dialect,
  table: TableShape,
  batchSize = 2000,
): AsyncGenerator<unknown[][]> {
  const toValues = (row: Record<string, unknown>) => table.columns.map((c) => row[c]);
  if (dialect === 'sqlite') {
    // better-sqlite3 iterates the statement: one row in memory at a time.
    const rows = trx.selectFrom(table.name).select(table.columns).stream(batchSize);
    let batch: unknown[][] = [];
    for await (const row of rows) {
      batch.push(toValues(row as Record<string, unknown>));
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
    return;
  }
  // A server-side cursor keeps memory flat on PostgreSQL, within the same snapshot.
  const columns = sql.join(table.columns.map((c) => sql.ref(c)));
  await sql`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT ${columns} FROM ${sql.table(
    table.name,
  )}`.execute(trx);
  try {
    for (;;) {
      const { rows } = await sql<Record<string, unknown>>`FETCH FORWARD ${sql.lit(
        batchSize,
      )} FROM backup_rows`.execute(trx);
      if (rows.length === 0) return;
      yield rows.map(toValues);
    }
  } finally {
    await sql`CLOSE backup_rows`.execute(trx);
  }
}

/** SQLite allows 32766 bound values per statement, PostgreSQL 65535. */
const MAX_VALUES_PER_INSERT = 30_000;

/** Inserts rows (values in `columns` order) in as few statements as the engine allows. */
export async function insertRows(
  trx: AnyDb,
  table: string,
  columns: string[],
  rows: unknown[][],
): Promise<void> {
  const perStatement = Math.max(
    1,
    Math.min(1000, Math.floor(MAX_VALUES_PER_INSERT / columns.length)),
  );
  for (let start = 0; start < rows.length; start += perStatement) {
    const values = rows
      .slice(start, start + perStatement)
      .map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])));
    await trx.insertInto(table).values(values).execute();
  }
}

/**
 * Rows arrive in file order, not in the order foreign keys need (an item may name a
 * container stored after it), so the checks run once, at the end, before commit.
 * Returns the function that runs them and throws a sentence naming the broken table.
 */
export async function deferForeignKeys(trx: AnyDb, dialect: Dialect): Promise<() => Promise<void>> {
  if (dialect === 'sqlite') {
    await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
    return async () => {
      const broken = await sql<{
        table: string;
        parent: string;
      }>`SELECT "table", parent FROM pragma_foreign_key_check LIMIT 1`.execute(trx);
      const first = broken.rows[0];
      if (first) {
        throw new Error(`a row of ${first.table} names a ${first.parent} row that is not there`);
      }
    };
  }
  // PostgreSQL defers only DEFERRABLE constraints: made so for this transaction only.
  const constraints = await sql<{ table_name: string; name: string }>`
    SELECT cls.relname AS table_name, con.conname AS name
    FROM pg_constraint con JOIN pg_class cls ON cls.oid = con.conrelid
    WHERE con.contype = 'f' AND NOT con.condeferrable
      AND con.connamespace = current_schema()::regnamespace`.execute(trx);
  for (const c of constraints.rows) {
    await sql`ALTER TABLE ${sql.table(c.table_name)} ALTER CONSTRAINT ${sql.id(
      c.name,
    )} DEFERRABLE`.execute(trx);
  }
  await sql`SET CONSTRAINTS ALL DEFERRED`.execute(trx);
  return async () => {
    await sql`SET CONSTRAINTS ALL IMMEDIATE`.execute(trx);
    for (const c of constraints.rows) {
      await sql`ALTER TABLE ${sql.table(c.table_name)} ALTER CONSTRAINT ${sql.id(
        c.name,
      )} NOT DEFERRABLE`.execute(trx);
    }
  };
}

/**
 * PostgreSQL: rows restored with their own serial values (activity.seq) leave each
 * sequence behind them; move it past the highest value, or the next insert collides.
 */
export async function advanceSequences(trx: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  const serials = await sql<{ table_name: string; column_name: string; sequence: string }>`
    SELECT table_name, column_name, sequence FROM (
      SELECT c.table_name, c.column_name,
        pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) AS sequence
      FROM information_schema.columns c
      WHERE c.table_schema = current_schema()
    ) s WHERE sequence IS NOT NULL`.execute(trx);
  for (const s of serials.rows) {
    await sql`SELECT setval(${s.sequence}, COALESCE((SELECT MAX(${sql.ref(
      s.column_name,
    )}) FROM ${sql.table(s.table_name)}), 0) + 1, false)`.execute(trx);
  }
}

/**
 * SQLite: a page cache that holds the growing indexes while a restore loads (the default
 * 2 MB makes every batch re-read them). Returns the function that puts the old size back.
 * PostgreSQL: nothing to set; fresh planner statistics once loaded.
 */
export async function prepareBulkLoad(db: AnyDb, dialect: Dialect): Promise<() => Promise<void>> {
  if (dialect === 'postgres') return async () => void (await sql`ANALYZE`.execute(db));
  const { rows } = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db);
  await sql`PRAGMA cache_size = -262144`.execute(db);
  return async () =>
    void (await sql`PRAGMA cache_size = ${sql.lit(Number(rows[0]!.cache_size))}`.execute(db));
}
