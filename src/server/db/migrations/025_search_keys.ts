import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../connection.ts';
import { SEARCH_FIELDS_002 } from './002_item_search.ts';
import { noProgress, progressOn, type Progress } from '../../lib/progress.ts';
import { createIndexes } from './table-builder.ts';

/** The searched fields as of 009. */
const FIELDS = [...SEARCH_FIELDS_002, 'container_name'] as const;
/** The high-weight fields: the name tiers read an index of these only. */
const NAME_FIELDS = ['name', 'component_name'] as const;

/**
 * SQLite search at a million items (docs/decisions.md, "SQLite search at a million items:
 * a names index and one-trigram filter keys"). PostgreSQL has its own tiers: nothing here.
 * - Filter keys of one trigram each, made of private-use characters that no text holds, so
 *   a client user's or a type-filtered search intersects one short posting list (the
 *   client's or the type's items) instead of the ~30 trigrams of `c_<id>;`, which "pal",
 *   "all" and "let" made among the longest lists of the index.
 * - `item_name_fts`: a second trigram index over the name and component name only (with
 *   the keys), so "the name contains it" walks name matches only, not every item holding
 *   the text in its location or note.
 * - (status, name) and (client_id, name) indexes: the name-prefix tier reads a range of
 *   the names within a type or a client instead of every name with the prefix.
 * Both FTS tables are filled again from item_search (item data does not change).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') return;
  for (const trigger of ['item_search_ai', 'item_search_ad', 'item_search_au']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db);
  }
  // Unused since the typo probe stopped asking it for trigram counts (session 8).
  await sql`DROP TABLE IF EXISTS item_fts_vocab`.execute(db);
  await sql`DROP TABLE IF EXISTS item_fts`.execute(db);
  // A virtual column: dropping and adding it rewrites no row.
  await sql`ALTER TABLE item_search DROP COLUMN filter_keys`.execute(db);
  await sql`ALTER TABLE item_search ADD COLUMN filter_keys TEXT
    GENERATED ALWAYS AS (${filterKeysSql()}) VIRTUAL`.execute(db);
  await createFts(db, 'item_fts', 'item_search', [...FIELDS, 'filter_keys'], []);
  // Its triggers fire only when what it holds changes (not on a new note or location).
  await createFts(
    db,
    'item_name_fts',
    'item_search_names',
    [...NAME_FIELDS, 'filter_keys'],
    [...NAME_FIELDS, 'client_id', 'status'],
  );
  await createIndexes(db, 'item_search', {
    item_search_status_name: ['status', 'name'],
    item_search_client_name: ['client_id', 'name'],
  });
}

/** Client keys are in Supplementary Private Use Area-A, type keys in Area-B. */
export const CLIENT_KEY_BASE = 0xf0000;
export const TYPE_KEY_BASE = 0x100000;

/**
 * One character for two characters of the text (their code points modulo 128), three of
 * them from the first six: `client_id` and the folded type are ASCII, so two clients share
 * a key only if their ids share their first six characters, which the search's own check
 * of `client_id` on each row then sorts out. search-tiers-sqlite.repo.ts builds the same.
 */
function keySql(base: number, column: string): RawBuilder<unknown> {
  const code = (i: number) =>
    sql`(coalesce(unicode(substr(coalesce(${sql.ref(column)}, '-'), ${sql.lit(i)}, 1)), 0) % 128)`;
  return sql.join(
    [1, 3, 5].map((i) => sql`char(${sql.lit(base)} + ${code(i)} * 128 + ${code(i + 1)})`),
    sql` || `,
  );
}

function filterKeysSql(): RawBuilder<unknown> {
  return sql`${keySql(CLIENT_KEY_BASE, 'client_id')} || ' ' || ${keySql(TYPE_KEY_BASE, 'status')}`;
}

/**
 * An FTS5 trigram index over item_search's `columns`, kept by triggers (on update only
 * when one of `updateOf` changed, if given), then filled.
 */
async function createFts(
  db: Kysely<unknown>,
  table: string,
  triggerPrefix: string,
  columns: string[],
  updateOf: string[],
): Promise<void> {
  const cols = sql.join(columns.map((c) => sql.ref(c)));
  const values = (row: 'new' | 'old') => sql.raw(columns.map((c) => `${row}.${c}`).join(', '));
  const name = sql.id(table);
  const trigger = (suffix: string) => sql.id(`${triggerPrefix}_${suffix}`);
  const onUpdate = updateOf.length
    ? sql`UPDATE OF ${sql.join(updateOf.map((c) => sql.ref(c)))}`
    : sql`UPDATE`;
  await sql`CREATE VIRTUAL TABLE ${name} USING fts5(
    ${cols}, content='item_search', content_rowid='seq', tokenize='trigram'
  )`.execute(db);
  await sql`CREATE TRIGGER ${trigger('ai')} AFTER INSERT ON item_search BEGIN
    INSERT INTO ${name}(rowid, ${cols}) VALUES (new.seq, ${values('new')});
  END`.execute(db);
  await sql`CREATE TRIGGER ${trigger('ad')} AFTER DELETE ON item_search BEGIN
    INSERT INTO ${name}(${name}, rowid, ${cols}) VALUES ('delete', old.seq, ${values('old')});
  END`.execute(db);
  await sql`CREATE TRIGGER ${trigger('au')} AFTER ${onUpdate} ON item_search BEGIN
    INSERT INTO ${name}(${name}, rowid, ${cols}) VALUES ('delete', old.seq, ${values('old')});
    INSERT INTO ${name}(rowid, ${cols}) VALUES (new.seq, ${values('new')});
  END`.execute(db);
  await fill(db, table, columns);
}

/** Past this many items the fill says how far it is (about a minute per million, idle). */
const SHOW_PROGRESS_FROM = 100_000;
const BATCH = 50_000;

/**
 * What FTS5's 'rebuild' does, in batches of rows so that a large database shows progress
 * while the server starts: 1,000,000 items took 69 s of CPU for both indexes.
 */
async function fill(db: Kysely<unknown>, table: string, columns: string[]): Promise<void> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM item_search`.execute(db);
  const total = rows[0]!.n;
  const progress: Progress = (total >= SHOW_PROGRESS_FROM ? progressOn() : noProgress)(
    `Migration 025: search index ${table}`,
    total,
    'items',
  );
  const cols = sql.join(columns.map((c) => sql.ref(c)));
  for (let after = -1; ;) {
    const { rows: last } = await sql<{ seq: number | null; n: number }>`
      SELECT max(seq) AS seq, count(*) AS n FROM (
        SELECT seq FROM item_search WHERE seq > ${after} ORDER BY seq LIMIT ${BATCH})`.execute(db);
    const { seq, n } = last[0]!;
    if (seq === null) break;
    await sql`INSERT INTO ${sql.id(table)}(rowid, ${cols})
      SELECT seq, ${cols} FROM item_search WHERE seq > ${after} AND seq <= ${seq}`.execute(db);
    progress.advance(n);
    after = seq;
  }
  progress.finish();
}
