import { sql, type Insertable, type Kysely } from 'kysely';
import type { Dialect } from '../../db/connection.ts';
import { bulkInsert } from '../../db/bulk-insert.ts';
import type { Database, NewUser } from '../../db/schema.ts';
import { itemChangesRepo } from '../../modules/items/item-changes.repo.ts';
import { addWordsOfEveryDocument } from '../../modules/items/search-words.repo.ts';

/** The tables a seed fills; a database with rows in any of them is not empty. */
export const INVENTORY_TABLES = [
  'clients',
  'locations',
  'components',
  'manifests',
  'items',
  'labels',
] as const satisfies ReadonlyArray<keyof Database>;

/** SQLite connection settings changed for a bulk load; null on PostgreSQL. */
export type BulkLoadSettings = { cacheSize: number; synchronous: number } | null;

/** The tables whose indexes (and more, see dropForBulkLoad) are built once after a bulk load. */
const DEFERRED_TABLES = ['items', 'item_search', 'labels', 'item_components'] as const;

/** What a bulk load drops, with what makes it again. */
export interface Dropped {
  indexes: Array<{ name: string; definition: string }>;
  foreignKeys: Array<{ table: string; name: string; definition: string }>;
  triggers: Array<{ table: string; name: string; definition: string }>;
  /** FTS5 tables whose content is item_search, refilled from it afterwards. */
  ftsTables: string[];
  /** PostgreSQL: the list of the documents' words (migration 033), filled afterwards. */
  searchWords: boolean;
}

type BulkTable =
  | 'clients'
  | 'locations'
  | 'components'
  | 'manifests'
  | 'requirements'
  | 'item_search'
  | 'item_components'
  | 'labels'
  | 'activity'
  | 'reservations';

/**
 * The data generator's SQL (src/server/cli/seed.ts). Bulk writes only (db/bulk-insert.ts),
 * run inside the caller's transaction.
 */
export const seedRepo = {
  async counts(
    db: Kysely<Database>,
    tables: ReadonlyArray<keyof Database>,
  ): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    return counts;
  },

  async insert<T extends BulkTable>(
    db: Kysely<Database>,
    table: T,
    rows: ReadonlyArray<Insertable<Database[T]>>,
  ): Promise<void> {
    await bulkInsert(db, table, rows);
  },

  /**
   * Members by email: new ones are inserted, existing ones (from an earlier seed, which
   * --reset keeps for staff) are left as they are. Returns every email's id.
   */
  async upsertMembers(db: Kysely<Database>, users: NewUser[]): Promise<Map<string, string>> {
    if (users.length === 0) return new Map();
    await db
      .insertInto('users')
      .values(users)
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where(
        'email',
        'in',
        users.map((u) => u.email),
      )
      .execute();
    return new Map(rows.map((r) => [r.email, r.id]));
  },

  /** Image sources, so --reset can remove their files once the rows are gone. */
  async imageSources(db: Kysely<Database>): Promise<string[]> {
    const rows = await db.selectFrom('images').select(['src', 'thumbnail_src']).execute();
    return rows.flatMap((r) => (r.thumbnail_src ? [r.src, r.thumbnail_src] : [r.src]));
  },

  /**
   * Empties the inventory and its feed, children first. Client users go too: they
   * belong to clients that no longer exist, and turning them into staff by clearing
   * their client would hand them everything. Staff and admins stay.
   */
  async reset(db: Kysely<Database>): Promise<void> {
    await db.deleteFrom('item_search').execute();
    await db.deleteFrom('item_components').execute();
    await db.deleteFrom('images').execute();
    await db.deleteFrom('labels').execute();
    await db.deleteFrom('requirements').execute();
    await db.deleteFrom('dispatched_items').execute();
    await db.deleteFrom('reservations').execute();
    await itemChangesRepo.deleteAll(db);
    await db.deleteFrom('manifests').execute();
    await db.deleteFrom('users').where('client_id', 'is not', null).execute();
    await db.deleteFrom('components').execute();
    await db.deleteFrom('locations').execute();
    await db.deleteFrom('clients').execute();
    await db.deleteFrom('activity').execute();
  },

  /**
   * SQLite settings for this connection while it loads: a page cache that holds the
   * growing indexes (the default 2 MB makes every batch re-read them), and no fsync per
   * commit (a crash mid-seed is mended by seeding again with --reset). Returns the
   * settings to put back. PostgreSQL needs nothing: its server settings apply.
   */
  async prepareBulkLoad(db: Kysely<Database>, dialect: Dialect): Promise<BulkLoadSettings> {
    if (dialect !== 'sqlite') return null;
    const { rows: cache } = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db);
    const { rows: sync } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db);
    await sql`PRAGMA cache_size = -262144`.execute(db);
    await sql`PRAGMA synchronous = OFF`.execute(db);
    return { cacheSize: Number(cache[0]!.cache_size), synchronous: Number(sync[0]!.synchronous) };
  },

  /** Puts the connection's settings back, so a server sharing it runs as configured. */
  async finishBulkLoad(db: Kysely<Database>, settings: BulkLoadSettings): Promise<void> {
    if (!settings) return;
    await sql`PRAGMA cache_size = ${sql.lit(settings.cacheSize)}`.execute(db);
    await sql`PRAGMA synchronous = ${sql.lit(settings.synchronous)}`.execute(db);
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  },

  /**
   * Inside the load's one transaction: drops what would otherwise be kept up row by row
   * while the tables the items fill are loaded, so each is built once at the end from
   * the whole data (PostgreSQL's "Populating a Database"; SQLite sorts a CREATE INDEX
   * likewise). Being in the transaction, the drop is undone if the load fails.
   * - Both: the secondary indexes (not primary keys or unique constraints).
   * - PostgreSQL: the foreign keys, each then checked by one join.
   * - SQLite: the triggers that copy item_search into its FTS5 tables, which are then
   *   filled from item_search in one pass.
   * - PostgreSQL: the triggers that add item_search's words to search_words, which then
   *   gets them in one pass (search-words.repo.ts says why).
   */
  async dropForBulkLoad(db: Kysely<Database>, dialect: Dialect): Promise<Dropped> {
    const dropped =
      dialect === 'postgres' ? await deferredOnPostgres(db) : await deferredOnSqlite(db);
    for (const fk of dropped.foreignKeys) {
      await sql`ALTER TABLE ${sql.id(fk.table)} DROP CONSTRAINT ${sql.id(fk.name)}`.execute(db);
    }
    for (const trigger of dropped.triggers) {
      await (
        dialect === 'postgres'
          ? sql`DROP TRIGGER ${sql.id(trigger.name)} ON ${sql.id(trigger.table)}`
          : sql`DROP TRIGGER ${sql.id(trigger.name)}`
      ).execute(db);
    }
    for (const index of dropped.indexes) await sql`DROP INDEX ${sql.id(index.name)}`.execute(db);
    return dropped;
  },

  /**
   * Builds what dropForBulkLoad dropped, from the definitions the engine itself gave.
   * PostgreSQL gets more sort memory than the server's default for this transaction
   * only, and no wait for the WAL to reach disk at its commit (a crash before then loses
   * the whole seed, never half of it).
   */
  async restoreAfterBulkLoad(
    db: Kysely<Database>,
    dropped: Dropped,
    /** Called after each index, key, full-text table and trigger: the progress. */
    built: () => void = () => {},
  ): Promise<void> {
    if (dropped.foreignKeys.length > 0) {
      await sql`SET LOCAL maintenance_work_mem = '512MB'`.execute(db);
      await sql`SET LOCAL synchronous_commit = off`.execute(db);
    }
    for (const index of dropped.indexes) {
      await sql.raw(index.definition).execute(db);
      built();
    }
    for (const fk of dropped.foreignKeys) {
      await sql`ALTER TABLE ${sql.id(fk.table)} ADD CONSTRAINT ${sql.id(fk.name)} ${sql.raw(fk.definition)}`.execute(
        db,
      );
      built();
    }
    // An external-content FTS5 table refills itself from its content table in one pass.
    for (const fts of dropped.ftsTables) {
      await sql`INSERT INTO ${sql.id(fts)}(${sql.id(fts)}) VALUES ('rebuild')`.execute(db);
      built();
    }
    if (dropped.searchWords) {
      await addWordsOfEveryDocument(db);
      built();
    }
    for (const trigger of dropped.triggers) {
      await sql.raw(trigger.definition).execute(db);
      built();
    }
  },

  /**
   * Fresh planner statistics after the bulk load, as PostgreSQL's "Populating a
   * Database" advises; autovacuum would get there soon after anyway, and until then
   * plans made for empty tables would be wrong. SQLite keeps no statistics unless asked,
   * and the server never asks, so a seeded SQLite file is left as a grown one would be.
   */
  async analyze(db: Kysely<Database>, dialect: Dialect): Promise<void> {
    if (dialect === 'postgres') await sql`ANALYZE`.execute(db);
  },
};

/**
 * PostgreSQL: the secondary indexes and the foreign keys of the deferred tables, and the
 * triggers of item_search (the words', migration 033; not the foreign keys' own).
 */
async function deferredOnPostgres(db: Kysely<Database>): Promise<Dropped> {
  const tables = sql.join(DEFERRED_TABLES);
  const { rows: foreignKeys } = await sql<Dropped['foreignKeys'][number]>`
    SELECT conrelid::regclass::text AS table, conname AS name,
           pg_get_constraintdef(oid) AS definition
    FROM pg_constraint
    WHERE contype = 'f' AND connamespace = current_schema()::regnamespace
      AND conrelid::regclass::text IN (${tables})
    ORDER BY conname`.execute(db);
  const { rows: indexes } = await sql<Dropped['indexes'][number]>`
    SELECT i.indexname AS name, i.indexdef AS definition
    FROM pg_indexes i
    WHERE i.schemaname = current_schema() AND i.tablename IN (${tables})
      AND NOT EXISTS (
        SELECT 1 FROM pg_constraint c
        WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass
      )
    ORDER BY i.indexname`.execute(db);
  const { rows: triggers } = await sql<Dropped['triggers'][number]>`
    SELECT 'item_search' AS table, tgname AS name, pg_get_triggerdef(oid) AS definition
    FROM pg_trigger
    WHERE tgrelid = to_regclass('item_search') AND NOT tgisinternal
    ORDER BY tgname`.execute(db);
  const searchWords = triggers.some((t) => t.name.startsWith('item_search_words_'));
  return { indexes, foreignKeys, triggers, ftsTables: [], searchWords };
}

/**
 * SQLite: the named indexes of the deferred tables (a primary key's or UNIQUE's own
 * index has no SQL and stays), and item_search's triggers, which only copy documents
 * into the FTS5 tables that take item_search as their content.
 */
async function deferredOnSqlite(db: Kysely<Database>): Promise<Dropped> {
  const tables = sql.join(DEFERRED_TABLES);
  const { rows: indexes } = await sql<Dropped['indexes'][number]>`
    SELECT name, sql AS definition FROM sqlite_master
    WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${tables})
    ORDER BY name`.execute(db);
  const { rows: triggers } = await sql<Dropped['triggers'][number]>`
    SELECT tbl_name AS "table", name, sql AS definition FROM sqlite_master
    WHERE type = 'trigger' AND tbl_name = 'item_search'
    ORDER BY name`.execute(db);
  const { rows: fts } = await sql<{ name: string }>`
    SELECT name FROM sqlite_master
    WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%fts5%content=''item_search''%'
    ORDER BY name`.execute(db);
  return {
    indexes,
    foreignKeys: [],
    triggers,
    ftsTables: fts.map((f) => f.name),
    searchWords: false,
  };
}
