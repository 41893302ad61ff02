import { sql, type Kysely } from 'kysely';

/**
 * Reservations (docs/decisions.md, "Reservations: how availability is counted"): a job's
 * window is widened by prep and turnaround days; a reservation line holds one item by name
 * for a job. Packing stays where it was (items.manifest_id): a line whose item is packed on
 * its job is ticked. Today's allocations become packed lines of their manifests, so what a
 * job had stays on it once reserved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('manifests')
    .addColumn('prep_days', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('manifests')
    .addColumn('turnaround_days', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The held window as stored text dates (out_date − prep … due_date + turnaround), kept by
  // the manifests service, so overlap queries compare two indexed columns instead of doing
  // date arithmetic per row on two engines. Null without both dates: it holds nothing ahead.
  await db.schema.alterTable('manifests').addColumn('window_from', 'text').execute();
  await db.schema.alterTable('manifests').addColumn('window_to', 'text').execute();
  await sql`
    UPDATE manifests SET window_from = out_date, window_to = due_date
    WHERE out_date IS NOT NULL AND due_date IS NOT NULL`.execute(db);
  // Overlap: window_from <= :to AND window_to >= :from, among the jobs that hold kit.
  await db.schema
    .createIndex('manifests_stage_window')
    .on('manifests')
    .columns(['stage', 'window_from', 'window_to'])
    .execute();

  await db.schema
    .createTable('reservations')
    .addColumn('manifest_id', 'text', (c) =>
      c.notNull().references('manifests.id').onDelete('cascade'),
    )
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    // The container whose reservation brought this item along (removed with it); null
    // when the item was chosen itself.
    .addColumn('via_item_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reservations_pk', ['manifest_id', 'item_id'])
    .execute();
  // Who else holds this item (a named item's conflicts, an item's bookings).
  await db.schema
    .createIndex('reservations_item_id')
    .on('reservations')
    .column('item_id')
    .execute();
  // Which items hold by being packed or out (items.manifest_id is the packing).
  await db.schema
    .createIndex('items_manifest_component')
    .on('items')
    .columns(['manifest_id', 'component_id'])
    .execute();
  await db.schema
    .createIndex('items_component_condition')
    .on('items')
    .columns(['component_id', 'condition'])
    .execute();

  const now = new Date().toISOString();
  await sql`
    INSERT INTO reservations (manifest_id, item_id, via_item_id, created_at)
    SELECT manifest_id, id, NULL, ${now} FROM items WHERE manifest_id IS NOT NULL`.execute(db);
}
