import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';
import { noProgress, progressOn, type Progress } from '../../lib/progress.ts';

/**
 * The folded item types as of this migration (src/common/status.ts). Frozen here: a type
 * added later has no index of its own, and its searches use 026's scoped indexes as before.
 */
const TYPES = ['pallet', 'crate', 'rack', 'fabric', 'panel', 'piece', 'ff&e', 'tools', 'bin'];

/**
 * PostgreSQL search with a type filter (docs/decisions.md, "Search at a million items on
 * PostgreSQL, third pass"). 026's trigram indexes are keyed by (client_id, status, …), so
 * "pallet" among crates intersected the key status = 'crate', a posting list of 219,000
 * items at a million, with each trigram's: 20–70 ms of the index's CPU per tier before a
 * row was read, and a typo probe could not afford more than one pass over it. One partial
 * trigram index per type, still keyed by the client for a client user's type filter,
 * holds only that type's items: the same lookups read its trigrams' lists alone (a few
 * ms). Each item is in one type, so the indexes together are about the size of 026's
 * (270 MB at a million items), and a write updates two of them, not 18. SQLite's search
 * (FTS5) is not changed: nothing to do there.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(db);
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM item_search`.execute(db);
  const columns = ['doc', 'name'];
  const progress: Progress = (Number(rows[0]!.n) >= SHOW_PROGRESS_FROM ? progressOn() : noProgress)(
    'Migration 031: search indexes per item type',
    TYPES.length * columns.length,
    'indexes',
  );
  for (const type of TYPES) {
    for (const column of columns) {
      const name = `item_search_type_${type.replace(/[^a-z]/g, '')}_${column}_trgm`;
      await sql`CREATE INDEX ${sql.id(name)} ON item_search
        USING gin (client_id, ${sql.ref(column)} gin_trgm_ops)
        WHERE status = ${sql.lit(type)}`.execute(db);
      progress.advance(1);
    }
  }
  progress.finish();
}

const SHOW_PROGRESS_FROM = 100_000;
