import type { Kysely } from 'kysely';
import { addColumns, createIndexes, createTable } from './table-builder.ts';

/**
 * The round trip of a job (docs/decisions.md, "Round trip"): items can sit inside other
 * items, carry a condition, and be out on a manifest; manifests get a stage and dates;
 * one row per item sent out on a job keeps what came back, in what state, and what did
 * not. Existing items get no container and condition ok; existing manifests are planning.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'items')`
    container_id text references items.id,
    condition text not null default 'ok',
    condition_note text,
    -- When the item left on its manifest (dispatch); null while it is in the yard.
    out_at text
  `;
  await createIndexes(db, 'items', {
    items_container_id: ['container_id'],
    items_condition: ['condition'],
  });

  await addColumns(db, 'manifests')`
    stage text not null default 'planning',
    out_date text,
    due_date text
  `;
  await createIndexes(db, 'manifests', { manifests_stage: ['stage'] });

  await createTable(db, 'dispatched_items')`
    manifest_id text not null references manifests.id on delete cascade,
    item_id text not null references items.id on delete cascade,
    out_at text not null,
    returned_at text,
    -- 'ok' or 'damaged' as it came back; null while out or missing.
    return_condition text,
    return_note text,
    missing_at text,
    primary key (manifest_id, item_id)
  `;
  await createIndexes(db, 'dispatched_items', { dispatched_items_item_id: ['item_id'] });

  // A short human detail for round-trip feed entries ("to Yard North — damaged").
  await addColumns(db, 'activity')`detail text`;
}
