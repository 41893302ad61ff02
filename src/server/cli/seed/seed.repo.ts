import { sql, type Insertable, type Kysely } from 'kysely';
import type { Dialect } from '../../db/connection.ts';
import type { Database, NewUser } from '../../db/schema.ts';
import { itemChangesRepo } from '../../modules/items/item-changes.repo.ts';

/** Bound parameters per statement: under SQLite's 32766 and PostgreSQL's 65535. */
const MAX_PARAMS = 30_000;

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

/** The tables whose indexes and foreign keys PostgreSQL builds once after a bulk load. */
const DEFERRED_TABLES = ['items', 'item_search', 'labels', 'item_components'] as const;

/** An index or foreign key dropped for a bulk load, with what makes it again. */
export interface Dropped {
  indexes: Array<{ name: string; definition: string }>;
  foreignKeys: Array<{ table: string; name: string; definition: string }>;
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
 * The data generator's SQL (src/server/cli/seed.ts). Bulk writes only: multi-row
 * inserts sized to the engines' parameter limits, run inside the caller's transaction.
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
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0]!).length;
    const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns));
    for (let i = 0; i < rows.length; i += perStatement) {
      // Kysely cannot relate a generic table name to its row type; the signature does.
      await db
        .insertInto(table)
        .values(rows.slice(i, i + perStatement) as never)
        .execute();
    }
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
   * PostgreSQL, inside the load's one transaction: drops the secondary indexes and the
   * foreign keys of the tables the items fill (not primary keys or unique constraints),
   * so each index is built once from sorted data at the end and each foreign key checked
   * by one join, instead of both being maintained row by row (PostgreSQL's "Populating a
   * Database"). Being in the transaction, the drop is undone if the load fails.
   */
  async dropForBulkLoad(db: Kysely<Database>): Promise<Dropped> {
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
    for (const fk of foreignKeys) {
      await sql`ALTER TABLE ${sql.id(fk.table)} DROP CONSTRAINT ${sql.id(fk.name)}`.execute(db);
    }
    for (const index of indexes) await sql`DROP INDEX ${sql.id(index.name)}`.execute(db);
    return { indexes, foreignKeys };
  },

  /**
   * Builds the dropped indexes and foreign keys again, with more sort memory than the
   * server's default for this transaction only, and no wait for the WAL to reach disk at
   * its commit (a crash before then loses the whole seed, never half of it).
   */
  async restoreAfterBulkLoad(db: Kysely<Database>, dropped: Dropped): Promise<void> {
    await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(db);
    await sql`SET LOCAL synchronous_commit = off`.execute(db);
    for (const index of dropped.indexes) await sql.raw(index.definition).execute(db);
    for (const fk of dropped.foreignKeys) {
      await sql`ALTER TABLE ${sql.id(fk.table)} ADD CONSTRAINT ${sql.id(fk.name)} ${sql.raw(fk.definition)}`.execute(
        db,
      );
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
