import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';

/**
 * Statistics on the names' trigrams, as 026 keeps on the documents': the typo tier over
 * every item looks in the names first when these say enough names can match
 * (search-typos-postgres.repo.ts, namesFirst). PostgreSQL only; an ANALYZE of the search
 * documents fills them (about 3 s at a million items).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`CREATE STATISTICS IF NOT EXISTS item_search_name_trigrams ON (show_trgm(name)) FROM item_search`.execute(
    db,
  );
  await sql`ANALYZE item_search`.execute(db);
}
