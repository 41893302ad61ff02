import { type Kysely } from 'kysely';

/**
 * The round trip of a job (docs/decisions.md, "Round trip"): items can sit inside other
 * items, carry a condition, and be out on a manifest; manifests get a stage and dates;
 * one row per item sent out on a job keeps what came back, in what state, and what did
 * not. Existing items get no container and condition ok; existing manifests are planning.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('items')
    .addColumn('container_id', 'text', (c) => c.references('items.id'))
    .execute();
  await db.schema
    .alterTable('items')
    .addColumn('condition', 'text', (c) => c.notNull().defaultTo('ok'))
    .execute();
  await db.schema.alterTable('items').addColumn('condition_note', 'text').execute();
  // When the item left on its manifest (dispatch); null while it is in the yard.
  await db.schema.alterTable('items').addColumn('out_at', 'text').execute();
  await db.schema.createIndex('items_container_id').on('items').column('container_id').execute();
  await db.schema.createIndex('items_condition').on('items').column('condition').execute();

  await db.schema
    .alterTable('manifests')
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('planning'))
    .execute();
  await db.schema.alterTable('manifests').addColumn('out_date', 'text').execute();
  await db.schema.alterTable('manifests').addColumn('due_date', 'text').execute();
  await db.schema.createIndex('manifests_stage').on('manifests').column('stage').execute();

  await db.schema
    .createTable('dispatched_items')
    .addColumn('manifest_id', 'text', (c) =>
      c.notNull().references('manifests.id').onDelete('cascade'),
    )
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('out_at', 'text', (c) => c.notNull())
    .addColumn('returned_at', 'text')
    // 'ok' or 'damaged' as it came back; null while out or missing.
    .addColumn('return_condition', 'text')
    .addColumn('return_note', 'text')
    .addColumn('missing_at', 'text')
    .addPrimaryKeyConstraint('dispatched_items_pk', ['manifest_id', 'item_id'])
    .execute();
  await db.schema
    .createIndex('dispatched_items_item_id')
    .on('dispatched_items')
    .column('item_id')
    .execute();

  // A short human detail for round-trip feed entries ("to Yard North — damaged").
  await db.schema.alterTable('activity').addColumn('detail', 'text').execute();
}
