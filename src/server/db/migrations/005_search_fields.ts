import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';
import { SEARCH_FIELDS_002 } from './002_item_search.ts';

/**
 * Search answers from the index alone (docs/decisions.md, "Search at 100,000 items").
 * - SQLite: the trigram FTS5 index gets one column per searched field, so "the name
 *   starts with / contains the query" is an index lookup, plus a `filter_keys` column
 *   (client and type) so a client user's or a type-filtered search never reads rows
 *   outside its scope to find its candidates.
 * - Both: an index on (name, item_id) for keyset paging of the name-sorted list.
 * - PostgreSQL: trigram indexes on the name and component name for the same lookups.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('item_search_name_item_id')
    .on('item_search')
    .columns(['name', 'item_id'])
    .execute();

  if (dialect === 'postgres') {
    for (const column of ['name', 'component_name']) {
      await sql`CREATE INDEX ${sql.id(`item_search_${column}_trgm`)} ON item_search
        USING gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
    }
    // Filters on the document's own copies: candidates are then found with one index.
    await sql`CREATE INDEX item_search_status ON item_search (status)`.execute(db);
    return;
  }

  // The keys are computed, so they can never disagree with the columns they come from.
  await sql`ALTER TABLE item_search ADD COLUMN filter_keys TEXT
    GENERATED ALWAYS AS (${filterKeysSql()}) VIRTUAL`.execute(db);
  await sql`DROP TRIGGER IF EXISTS item_search_ai`.execute(db);
  await sql`DROP TRIGGER IF EXISTS item_search_ad`.execute(db);
  await sql`DROP TRIGGER IF EXISTS item_search_au`.execute(db);
  await sql`DROP TABLE IF EXISTS item_fts_vocab`.execute(db);
  await sql`DROP TABLE IF EXISTS item_fts`.execute(db);
  await createItemFts(db, [...SEARCH_FIELDS_002, 'filter_keys']);
}

/**
 * `c_<client id>; s_<folded type>;` (a dash for none): the semicolon ends each key, so a
 * phrase for one key never matches the start of a longer one.
 */
export function filterKeysSql() {
  return sql`'c_' || coalesce(client_id, '-') || '; s_' || coalesce(status, '-') || ';'`;
}

/**
 * (Re)creates the FTS5 index over item_search with the given columns, its triggers and
 * its term statistics, and fills it. A later migration that adds a searched field
 * calls this again after dropping the old table and triggers.
 */
export async function createItemFts(db: Kysely<unknown>, columns: string[]): Promise<void> {
  const cols = sql.join(columns.map((c) => sql.ref(c)));
  const newValues = sql.raw(columns.map((c) => `new.${c}`).join(', '));
  const oldValues = sql.raw(columns.map((c) => `old.${c}`).join(', '));
  await sql`CREATE VIRTUAL TABLE item_fts USING fts5(
    ${cols}, content='item_search', content_rowid='seq', tokenize='trigram'
  )`.execute(db);
  // Document frequency per trigram, so a long search can probe with its rarest.
  await sql`CREATE VIRTUAL TABLE item_fts_vocab USING fts5vocab(item_fts, 'row')`.execute(db);
  await sql`CREATE TRIGGER item_search_ai AFTER INSERT ON item_search BEGIN
    INSERT INTO item_fts(rowid, ${cols}) VALUES (new.seq, ${newValues});
  END`.execute(db);
  await sql`CREATE TRIGGER item_search_ad AFTER DELETE ON item_search BEGIN
    INSERT INTO item_fts(item_fts, rowid, ${cols}) VALUES ('delete', old.seq, ${oldValues});
  END`.execute(db);
  await sql`CREATE TRIGGER item_search_au AFTER UPDATE ON item_search BEGIN
    INSERT INTO item_fts(item_fts, rowid, ${cols}) VALUES ('delete', old.seq, ${oldValues});
    INSERT INTO item_fts(rowid, ${cols}) VALUES (new.seq, ${newValues});
  END`.execute(db);
  await sql`INSERT INTO item_fts(item_fts) VALUES ('rebuild')`.execute(db);
}
