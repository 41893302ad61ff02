import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';
import { foldSearchField } from '../../../common/search.ts';

/**
 * The searched fields as this migration made them. Frozen here: a field added later
 * (009 adds container_name) comes with its own migration, which must find it absent.
 */
export const SEARCH_FIELDS_002 = [
  'name',
  'component_name',
  'status',
  'client_name',
  'location_name',
  'last_scanned_by_email',
  'note',
] as const;
const SEARCH_FIELDS = SEARCH_FIELDS_002;

/**
 * The item search document (DECISIONS section 6): one row per item with its searched
 * fields folded, and a trigram index over them in the database itself, so search never
 * loads items into memory and works the same from every app instance.
 * - SQLite: an FTS5 table with the trigram tokenizer, fed by triggers from item_search.
 * - PostgreSQL: a GIN index with pg_trgm's trigram operator class (pg_trgm is a trusted
 *   extension: the database owner may create it without being superuser).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Fields joined by a space: query trigrams come from single words, so none can match
  // across two fields.
  const doc = sql.join(
    SEARCH_FIELDS.map((f) => sql`coalesce(${sql.ref(f)}, '')`),
    sql` || ' ' || `,
  );

  let table = db.schema.createTable('item_search');
  table =
    dialect === 'sqlite'
      ? // An INTEGER PRIMARY KEY is SQLite's rowid, which stays stable for FTS5 to point at.
        table
          .addColumn('seq', 'integer', (c) => c.primaryKey())
          .addColumn('item_id', 'text', (c) =>
            c.notNull().unique().references('items.id').onDelete('cascade'),
          )
      : table.addColumn('item_id', 'text', (c) =>
          c.primaryKey().references('items.id').onDelete('cascade'),
        );
  for (const ref of ['client_id', 'location_id', 'component_id', 'last_scanned_by']) {
    table = table.addColumn(ref, 'text');
  }
  for (const field of SEARCH_FIELDS) table = table.addColumn(field, 'text');
  await table
    .addColumn('doc', 'text', (c) => c.notNull().generatedAlwaysAs(doc).stored())
    .execute();

  for (const column of ['client_id', 'location_id', 'component_id', 'last_scanned_by', 'name']) {
    await db.schema.createIndex(`item_search_${column}`).on('item_search').column(column).execute();
  }

  // Lists filtered by client or type read only these indexes (SQLite: without a table
  // lookup per item), whatever else the items table holds.
  await db.schema
    .createIndex('items_client_id_id')
    .on('items')
    .columns(['client_id', 'id'])
    .execute();
  await db.schema.createIndex('items_status_id').on('items').columns(['status', 'id']).execute();

  if (dialect === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX item_search_doc_trgm ON item_search USING gin (doc gin_trgm_ops)`.execute(
      db,
    );
  } else {
    await sql`CREATE VIRTUAL TABLE item_fts USING fts5(
      doc, content='item_search', content_rowid='seq', tokenize='trigram'
    )`.execute(db);
    // Document frequency per trigram, so a search can probe the index with its rarest.
    await sql`CREATE VIRTUAL TABLE item_fts_vocab USING fts5vocab(item_fts, 'row')`.execute(db);
    await sql`CREATE TRIGGER item_search_ai AFTER INSERT ON item_search BEGIN
      INSERT INTO item_fts(rowid, doc) VALUES (new.seq, new.doc);
    END`.execute(db);
    await sql`CREATE TRIGGER item_search_ad AFTER DELETE ON item_search BEGIN
      INSERT INTO item_fts(item_fts, rowid, doc) VALUES ('delete', old.seq, old.doc);
    END`.execute(db);
    await sql`CREATE TRIGGER item_search_au AFTER UPDATE ON item_search BEGIN
      INSERT INTO item_fts(item_fts, rowid, doc) VALUES ('delete', old.seq, old.doc);
      INSERT INTO item_fts(rowid, doc) VALUES (new.seq, new.doc);
    END`.execute(db);
  }

  await backfill(db);
}

/** Items written before this migration get their documents, a batch at a time. */
async function backfill(untyped: Kysely<unknown>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema as of 002
  const db = untyped as Kysely<any>;
  const batch = 500;
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('items')
      .leftJoin('clients', 'clients.id', 'items.client_id')
      .leftJoin('locations', 'locations.id', 'items.location_id')
      .leftJoin('components', 'components.id', 'items.component_id')
      .leftJoin('users', 'users.id', 'items.last_scanned_by')
      .select([
        'items.id',
        'items.name',
        'items.note',
        'items.status',
        'items.client_id',
        'items.location_id',
        'items.component_id',
        'items.last_scanned_by',
        'clients.name as client_name',
        'locations.name as location_name',
        'components.name as component_name',
        'users.email as last_scanned_by_email',
      ])
      .where('items.id', '>', after)
      .orderBy('items.id')
      .limit(batch)
      .execute();
    if (rows.length === 0) return;
    await db
      .insertInto('item_search')
      .values(
        rows.map((r) => ({
          item_id: r.id,
          client_id: r.client_id,
          location_id: r.location_id,
          component_id: r.component_id,
          last_scanned_by: r.last_scanned_by,
          ...Object.fromEntries(SEARCH_FIELDS.map((f) => [f, foldSearchField(r[f])])),
        })),
      )
      .execute();
    after = rows[rows.length - 1]!.id;
  }
}
