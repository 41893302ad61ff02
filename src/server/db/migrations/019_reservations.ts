import { sql, type Kysely } from 'kysely';
import { addColumns, createIndexes, createTable } from './table-builder.ts';

/**
 * Reservations (docs/decisions.md, "Reservations: how availability is counted"): a job's
 * window is widened by prep and turnaround days; a reservation line holds one item by name
 * for a job. Packing stays where it was (items.manifest_id): a line whose item is packed on
 * its job is ticked. Today's allocations become packed lines of their manifests, so what a
 * job had stays on it once reserved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'manifests')`
    prep_days integer not null default 0,
    turnaround_days integer not null default 0,
    -- The held window as stored text dates (out_date − prep … due_date + turnaround), kept by
    -- the manifests service, so overlap queries compare two indexed columns instead of doing
    -- date arithmetic per row on two engines. Null without both dates: it holds nothing ahead.
    window_from text,
    window_to text
  `;
  await sql`
    UPDATE manifests SET window_from = out_date, window_to = due_date
    WHERE out_date IS NOT NULL AND due_date IS NOT NULL`.execute(db);
  await createIndexes(db, 'manifests', {
    // Overlap: window_from <= :to AND window_to >= :from, among the jobs that hold kit.
    manifests_stage_window: ['stage', 'window_from', 'window_to'],
  });

  await createTable(db, 'reservations')`
    manifest_id text not null references manifests.id on delete cascade,
    item_id text not null references items.id on delete cascade,
    -- The container whose reservation brought this item along (removed with it); null
    -- when the item was chosen itself.
    via_item_id text,
    created_at text not null,
    primary key (manifest_id, item_id)
  `;
  // Who else holds this item (a named item's conflicts, an item's bookings).
  await createIndexes(db, 'reservations', { reservations_item_id: ['item_id'] });
  await createIndexes(db, 'items', {
    // Which items hold by being packed or out (items.manifest_id is the packing).
    items_manifest_component: ['manifest_id', 'component_id'],
    items_component_condition: ['component_id', 'condition'],
  });

  const now = new Date().toISOString();
  await sql`
    INSERT INTO reservations (manifest_id, item_id, via_item_id, created_at)
    SELECT manifest_id, id, NULL, ${now} FROM items WHERE manifest_id IS NOT NULL`.execute(db);
}
