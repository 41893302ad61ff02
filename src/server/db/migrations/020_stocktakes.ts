import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';

/**
 * Stock-takes (docs/decisions.md, "Stock-takes"): the stock-take, the snapshot of what
 * was expected, one row per counted item (who, when, outcome), the unknown codes, and
 * when each item was last counted. The unique keys make a code count once however many
 * phones scan it at the same moment. No foreign keys, as for the webhook tables: a
 * stock-take keeps reading well after its items are deleted (names are kept), and a
 * restore writes tables in any order.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('stocktakes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('location_id', 'text')
    .addColumn('container_id', 'text')
    .addColumn('place_name', 'text', (c) => c.notNull())
    .addColumn('count_contents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('expected_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_by', 'text')
    .addColumn('started_by_email', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_by_email', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('stocktakes_started').on('stocktakes').column('started_at').execute();

  await db.schema
    .createTable('stocktake_expected')
    .addColumn('stocktake_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    /** The name and type at the start: the report still reads well if the item goes. */
    .addColumn('item_name', 'text')
    .addColumn('item_status', 'text')
    /** Set at the finish when the item was marked missing. */
    .addColumn('missing_at', 'text')
    .addPrimaryKeyConstraint('stocktake_expected_pk', ['stocktake_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('stocktake_scans')
    .addColumn('stocktake_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('via_container_id', 'text')
    .addColumn('detail', 'text')
    .addColumn('item_name', 'text')
    .addColumn('item_status', 'text')
    .addColumn('moved_at', 'text')
    .addColumn('scanned_by', 'text')
    .addColumn('scanned_by_email', 'text')
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    // An item counts once per stock-take: the second of two simultaneous scans is 'already'.
    .addPrimaryKeyConstraint('stocktake_scans_pk', ['stocktake_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('stocktake_unknown_codes')
    .addColumn('stocktake_id', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('scanned_by', 'text')
    .addColumn('scanned_by_email', 'text')
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stocktake_unknown_codes_pk', ['stocktake_id', 'code'])
    .execute();

  await db.schema.alterTable('items').addColumn('last_counted_at', 'text').execute();
}
