import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';

/** The whole first schema. Forward-only: later changes are new files, never edits here. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const named = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

  await named('clients');
  await named('locations');
  await named('components');

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('client_id', 'text', (c) => c.references('clients.id'))
    .addColumn('email_verified_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('tokens_user_id').on('tokens').column('user_id').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('manifests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text')
    .addColumn('client_id', 'text', (c) => c.references('clients.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text')
    .addColumn('note', 'text')
    .addColumn('status', 'text')
    .addColumn('client_id', 'text', (c) => c.references('clients.id'))
    .addColumn('location_id', 'text', (c) => c.references('locations.id'))
    .addColumn('manifest_id', 'text', (c) => c.references('manifests.id').onDelete('set null'))
    .addColumn('component_id', 'text', (c) => c.references('components.id'))
    .addColumn('last_scanned_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  for (const column of ['name', 'client_id', 'location_id', 'manifest_id', 'component_id']) {
    await db.schema.createIndex(`items_${column}`).on('items').column(column).execute();
  }

  await db.schema
    .createTable('requirements')
    .addColumn('manifest_id', 'text', (c) =>
      c.notNull().references('manifests.id').onDelete('cascade'),
    )
    .addColumn('component_id', 'text', (c) => c.notNull().references('components.id'))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('requirements_pk', ['manifest_id', 'component_id'])
    .execute();

  await db.schema
    .createTable('item_components')
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('component_id', 'text', (c) => c.notNull().references('components.id'))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_components_pk', ['item_id', 'component_id'])
    .execute();

  await db.schema
    .createTable('labels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.references('items.id').onDelete('set null'))
    .addColumn('name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('labels_item_id').on('labels').column('item_id').execute();

  await db.schema
    .createTable('images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('src', 'text', (c) => c.notNull())
    .addColumn('thumbnail_src', 'text')
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_item_id').on('images').column('item_id').execute();

  await db.schema
    .createTable('activity')
    .addColumn('seq', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('email', 'text')
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('ref_name', 'text')
    .addColumn('ref_item_id', 'text')
    .addColumn('ref_id', 'text')
    .addColumn('ref_src', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
