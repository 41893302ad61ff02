import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';
import { createIndexes } from './table-builder.ts';

/**
 * SQLite search within a client and a type at once (docs/decisions.md, "SQLite search at a
 * million items, session 10"). A query of one- or two-letter words has no trigram and
 * scans the documents in scope: with only a client index SQLite read every item of the
 * client (26,000 for the largest at a million items, 0.11 s of CPU) to keep its pallets
 * (3,200). Keyed (client_id, status, name), the scan reads the pallets alone, and the
 * exact-name and name-prefix tiers stay a lookup within both filters. PostgreSQL's
 * search indexes are its own (026, 029): nothing here. At a million items: 7 s (2.4 s of
 * CPU), 53 MB.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') return;
  await createIndexes(db, 'item_search', {
    item_search_client_status_name: ['client_id', 'status', 'name'],
  });
}
