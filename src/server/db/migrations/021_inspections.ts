import type { Kysely } from 'kysely';

/**
 * Inspections that come due (docs/decisions.md, "Inspections that come due"): kinds per
 * component type, the inspections recorded on items with their attachments (files in the
 * uploads store), each member's daily digest switch, and the days the digest went to each
 * member, so a restart or a second instance never sends it twice.
 * No foreign keys, as elsewhere: the services keep the references, and a restore writes
 * tables in any order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inspection_kinds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('component_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('interval_days', 'integer', (c) => c.notNull())
    .addColumn('blocks_dispatch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('inspection_kinds_component')
    .on('inspection_kinds')
    .columns(['component_id', 'name'])
    .unique()
    .execute();

  await db.schema
    .createTable('inspections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('kind_id', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('inspector', 'text')
    .addColumn('recorded_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // An item's latest inspection of each kind: the history, the due lists, dispatch.
  await db.schema
    .createIndex('inspections_item_kind_date')
    .on('inspections')
    .columns(['item_id', 'kind_id', 'date', 'created_at'])
    .execute();
  await db.schema.createIndex('inspections_kind').on('inspections').column('kind_id').execute();

  await db.schema
    .createTable('inspection_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('inspection_id', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inspection_attachments_inspection')
    .on('inspection_attachments')
    .column('inspection_id')
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('digest_opt_in', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('digest_sends')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('digest_sends_pkey', ['user_id', 'day'])
    .execute();
}
