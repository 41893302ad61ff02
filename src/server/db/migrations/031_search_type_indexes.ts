import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';
import { noProgress, progressOn, type Progress } from '../../lib/progress.ts';

/**
 * The folded item types as of this migration (src/common/status.ts). Frozen here: a type
 * added later has no index of its own, and its searches use 026's scoped indexes as before.
 */
const TYPES = ['pallet', 'crate', 'rack', 'fabric', 'panel', 'piece', 'ff&e', 'tools', 'bin'];

/**
 * PostgreSQL search with a type filter or within a client (docs/decisions.md, "Search at a
 * million items on PostgreSQL, third pass"). 026's trigram indexes are keyed by (client_id,
 * status, …), and a multi-column GIN keeps each column's keys apart: "pallet" among crates
 * intersected the key status = 'crate', a posting list of 219,000 items at a million, with
 * each trigram's list over every item (20–70 ms of the index's CPU per tier before a row
 * was read), and a client's key (26,000 items for the biggest) likewise ("warehouse": 100
 * ms under load).
 * - One partial trigram index per type, on the document and on the name, still keyed by
 *   the client for a client user's type filter: the lookups read that type's lists alone.
 * - One partial trigram index on the document per bucket of clients (the last character of
 *   the client's id, its code point modulo 16): a client user's lookups read the lists of
 *   the clients in its bucket only (3–20 ms). Items of no client are in none.
 * Their lists of entries not yet merged (GIN's pending list, where writes go first) are kept
 * at 64 kB, not 4 MB: a search reads the whole pending list of each index it uses, and a
 * partial index, receiving a part of the writes, keeps them pending far longer (after 8,000
 * rewritten documents, a client user's searches took 124–145 ms at the median, 23 after a
 * VACUUM merged them).
 * Each item is in one type and at most one bucket: a write updates three of these indexes,
 * and together they hold 026's document entries about twice and its name entries once
 * (at a million items about 4 minutes for the types, under load 8–12). SQLite's search
 * (FTS5) is not changed: nothing to do there.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(db);
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM item_search`.execute(db);
  const columns = ['doc', 'name'];
  const progress: Progress = (Number(rows[0]!.n) >= SHOW_PROGRESS_FROM ? progressOn() : noProgress)(
    'Migration 031: search indexes per item type and client bucket',
    TYPES.length * columns.length + CLIENT_BUCKETS,
    'indexes',
  );
  for (const type of TYPES) {
    for (const column of columns) {
      const name = `item_search_type_${type.replace(/[^a-z]/g, '')}_${column}_trgm`;
      await sql`CREATE INDEX ${sql.id(name)} ON item_search
        USING gin (client_id, ${sql.ref(column)} gin_trgm_ops) WITH (gin_pending_list_limit = 64)
        WHERE status = ${sql.lit(type)}`.execute(db);
      progress.advance(1);
    }
  }
  for (let bucket = 0; bucket < CLIENT_BUCKETS; bucket++) {
    await sql`CREATE INDEX ${sql.id(`item_search_client_bucket_${bucket}_doc_trgm`)} ON item_search
      USING gin (client_id, doc gin_trgm_ops) WITH (gin_pending_list_limit = 64)
      WHERE ascii(right(client_id, 1)) % ${sql.lit(CLIENT_BUCKETS)} = ${sql.lit(bucket)}`.execute(
      db,
    );
    progress.advance(1);
  }
  progress.finish();
  // 026's trigram indexes too: every staff search reads theirs (after 8,000 rewritten
  // documents staff's p95 was 118 ms, 62 after a VACUUM and 75 with 64 kB). A setting only.
  for (const index of ['item_search_scoped_doc_trgm', 'item_search_scoped_name_trgm']) {
    await sql`ALTER INDEX ${sql.id(index)} SET (gin_pending_list_limit = 64)`.execute(db);
  }
}

/** Client buckets: the last character of the client's id, its code point modulo 16. */
const CLIENT_BUCKETS = 16;

const SHOW_PROGRESS_FROM = 100_000;
