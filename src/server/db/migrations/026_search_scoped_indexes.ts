import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';

/**
 * PostgreSQL search at a million items (docs/decisions.md, "Search at a million items on
 * PostgreSQL"). SQLite keeps its FTS5 index and gets nothing here.
 * - The trigram indexes on the document and the name are keyed by (client_id, status)
 *   too (btree_gin, a trusted extension shipped with PostgreSQL like pg_trgm), so a client
 *   user's or a type-filtered search intersects its filters inside one index: with a
 *   plain trigram index and a separate client index PostgreSQL built both bitmaps in full
 *   ("crate" for one client: 145 ms; 19 ms keyed).
 * - B-trees on the name in byte order (COLLATE "C"), alone and after the client or the
 *   type, for "the name starts with": a range there reads only the names that match.
 * - Statistics on the document's trigrams (pg_trgm's show_trgm), so ANALYZE keeps the
 *   share of documents holding each of the commonest thousand: the typo tier probes the
 *   index with the rarest trigrams of the query, and letters alone guessed badly ("amp"
 *   is in a quarter of the documents).
 * Built in one transaction with more sort memory than the default; at a million items
 * this took about 3 minutes on a shared 2-core machine.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
  await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(db);
  for (const column of ['doc', 'name']) {
    await sql`DROP INDEX IF EXISTS ${sql.id(`item_search_${column}_trgm`)}`.execute(db);
    await sql`CREATE INDEX ${sql.id(`item_search_scoped_${column}_trgm`)} ON item_search
      USING gin (client_id, status, ${sql.ref(column)} gin_trgm_ops)`.execute(db);
  }
  await sql`CREATE STATISTICS item_search_trigrams ON (show_trgm(doc)) FROM item_search`.execute(
    db,
  );
  await sql`ANALYZE item_search`.execute(db);
  const byteOrdered = {
    item_search_name_bytes: [sql`(name COLLATE "C")`, sql`item_id`],
    item_search_client_name_bytes: [sql`client_id, (name COLLATE "C")`, sql`item_id, status`],
    item_search_status_name_bytes: [sql`status, (name COLLATE "C")`, sql`item_id`],
  };
  for (const [name, [keys, included]] of Object.entries(byteOrdered)) {
    await sql`CREATE INDEX ${sql.id(name)} ON item_search (${keys}) INCLUDE (${included})`.execute(
      db,
    );
  }
}
