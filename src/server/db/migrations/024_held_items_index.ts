import type { Kysely } from 'kysely';
import { createIndexes } from './table-builder.ts';

/**
 * What availability reads of each item a job holds (reservationsRepo.held: its type,
 * condition, out_at and the job it is packed on), in an index keyed by the item's id.
 * Without it PostgreSQL joined a few hundred reservation lines to items by hashing the
 * whole table (a 100k-item sequential scan, 40–70 ms) as soon as its estimate passed a few
 * hundred lines, where a lookup per line takes 5 µs; with it each line is one index-only
 * lookup (docs/decisions.md, "Availability on PostgreSQL: the held items' index").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createIndexes(db, 'items', {
    items_held: ['id', 'component_id', 'condition', 'out_at', 'manifest_id'],
  });
}
