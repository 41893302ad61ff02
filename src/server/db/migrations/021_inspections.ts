import type { Kysely } from 'kysely';
import { addColumns, createIndexes, createTable } from './table-builder.ts';

/**
 * Inspections that come due (docs/decisions.md, "Inspections that come due"): kinds per
 * component type, the inspections recorded on items with their attachments (files in the
 * uploads store), each member's daily digest switch, and the days the digest went to each
 * member, so a restart or a second instance never sends it twice.
 * No foreign keys, as elsewhere: the services keep the references, and a restore writes
 * tables in any order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'inspection_kinds')`
    id text primary key,
    component_id text not null,
    name text not null,
    interval_days integer not null,
    blocks_dispatch integer not null default 0,
    created_at text not null,
    updated_at text not null,
    version integer not null default 1
  `;
  await createIndexes(db, 'inspection_kinds', {
    inspection_kinds_component: { columns: ['component_id', 'name'], unique: true },
  });

  await createTable(db, 'inspections')`
    id text primary key,
    item_id text not null,
    kind_id text not null,
    result text not null,
    date text not null,
    note text,
    inspector text,
    recorded_by text,
    created_at text not null
  `;
  await createIndexes(db, 'inspections', {
    // An item's latest inspection of each kind: the history, the due lists, dispatch.
    inspections_item_kind_date: ['item_id', 'kind_id', 'date', 'created_at'],
    inspections_kind: ['kind_id'],
  });

  await createTable(db, 'inspection_attachments')`
    id text primary key,
    inspection_id text not null,
    storage_key text not null,
    filename text not null,
    content_type text not null,
    size integer not null,
    created_at text not null
  `;
  await createIndexes(db, 'inspection_attachments', {
    inspection_attachments_inspection: ['inspection_id'],
  });

  await addColumns(db, 'users')`digest_opt_in integer not null default 0`;

  await createTable(db, 'digest_sends')`
    user_id text not null,
    day text not null,
    sent_at text not null,
    constraint digest_sends_pkey primary key (user_id, day)
  `;
}
