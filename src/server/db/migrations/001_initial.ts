import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';
import { createIndexes, createTable, increasingKey } from './table-builder.ts';

/** The whole first schema. Forward-only: later changes are new files, never edits here. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const stamps = 'created_at text not null, updated_at text not null';
  for (const named of ['clients', 'locations', 'components']) {
    await createTable(db, named)`id text primary key, name text not null, ${stamps}`;
  }

  await createTable(db, 'users')`
    id text primary key,
    email text not null unique,
    password_hash text not null,
    is_admin integer not null default 0,
    client_id text references clients.id,
    email_verified_at text,
    ${stamps}
  `;

  await createTable(db, 'sessions')`
    id_hash text primary key,
    user_id text not null references users.id on delete cascade,
    created_at text not null,
    last_seen_at text not null,
    expires_at text not null
  `;
  await createIndexes(db, 'sessions', { sessions_user_id: ['user_id'] });

  await createTable(db, 'tokens')`
    token_hash text primary key,
    user_id text not null references users.id on delete cascade,
    purpose text not null,
    created_at text not null,
    expires_at text not null,
    used_at text
  `;
  await createIndexes(db, 'tokens', { tokens_user_id: ['user_id'] });

  await createTable(db, 'rate_limits')`
    key text primary key,
    count integer not null,
    window_ends_at text not null
  `;

  await createTable(db, 'manifests')`
    id text primary key,
    name text not null,
    note text,
    status text,
    client_id text references clients.id,
    ${stamps}
  `;

  await createTable(db, 'items')`
    id text primary key,
    name text,
    note text,
    status text,
    client_id text references clients.id,
    location_id text references locations.id,
    manifest_id text references manifests.id on delete set null,
    component_id text references components.id,
    last_scanned_by text references users.id on delete set null,
    ${stamps}
  `;
  for (const column of ['name', 'client_id', 'location_id', 'manifest_id', 'component_id']) {
    await createIndexes(db, 'items', { [`items_${column}`]: [column] });
  }

  // What a job needs, and what an item holds: a count of each component type.
  const componentCounts = (table: string, owner: string, ownerTable: string) =>
    createTable(db, table)`
      ${owner} text not null references ${ownerTable}.id on delete cascade,
      component_id text not null references components.id,
      count integer not null,
      ${stamps},
      primary key (${owner}, component_id)
    `;
  await componentCounts('requirements', 'manifest_id', 'manifests');
  await componentCounts('item_components', 'item_id', 'items');

  await createTable(db, 'labels')`
    id text primary key,
    item_id text references items.id on delete set null,
    name text,
    ${stamps}
  `;
  await createIndexes(db, 'labels', { labels_item_id: ['item_id'] });

  await createTable(db, 'images')`
    id text primary key,
    item_id text not null references items.id on delete cascade,
    src text not null,
    thumbnail_src text,
    width integer not null,
    height integer not null,
    ${stamps}
  `;
  await createIndexes(db, 'images', { images_item_id: ['item_id'] });

  await createTable(db, 'activity')`
    seq ${increasingKey(dialect)},
    type text not null,
    action text not null,
    user_id text,
    email text,
    source_id text not null,
    ref_name text,
    ref_item_id text,
    ref_id text,
    ref_src text,
    created_at text not null
  `;
}
