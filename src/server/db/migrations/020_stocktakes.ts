import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';
import { addColumns, createIndexes, createTable } from './table-builder.ts';

/**
 * Stock-takes (docs/decisions.md, "Stock-takes"): the stock-take, the snapshot of what
 * was expected, one row per counted item (who, when, outcome), the unknown codes, and
 * when each item was last counted. The unique keys make a code count once however many
 * phones scan it at the same moment. No foreign keys, as for the webhook tables: a
 * stock-take keeps reading well after its items are deleted (names are kept), and a
 * restore writes tables in any order.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await createTable(db, 'stocktakes')`
    id text primary key,
    location_id text,
    container_id text,
    place_name text not null,
    count_contents integer not null default 0,
    status text not null default 'open',
    expected_count integer not null default 0,
    started_by text,
    started_by_email text,
    started_at text not null,
    finished_by_email text,
    finished_at text
  `;
  await createIndexes(db, 'stocktakes', { stocktakes_started: ['started_at'] });

  await createTable(db, 'stocktake_expected')`
    stocktake_id text not null,
    item_id text not null,
    -- The name and type at the start: the report still reads well if the item goes.
    item_name text,
    item_status text,
    -- Set at the finish when the item was marked missing.
    missing_at text,
    primary key (stocktake_id, item_id)
  `;

  await createTable(db, 'stocktake_scans')`
    stocktake_id text not null,
    item_id text not null,
    outcome text not null,
    code text,
    via_container_id text,
    detail text,
    item_name text,
    item_status text,
    moved_at text,
    scanned_by text,
    scanned_by_email text,
    scanned_at text not null,
    -- An item counts once per stock-take: the second of two simultaneous scans is 'already'.
    primary key (stocktake_id, item_id)
  `;

  await createTable(db, 'stocktake_unknown_codes')`
    stocktake_id text not null,
    code text not null,
    scanned_by text,
    scanned_by_email text,
    scanned_at text not null,
    primary key (stocktake_id, code)
  `;

  await addColumns(db, 'items')`last_counted_at text`;
}
