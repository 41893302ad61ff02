import { sql, type Kysely, type Selectable } from 'kysely';
import type { StocktakeCounts, StocktakeItem } from '../../../common/schemas/stocktake.ts';
import type {
  Database,
  StocktakeScansTable,
  StocktakesTable,
  StocktakeUnknownCodesTable,
} from '../../db/schema.ts';
import { findRow, hasRow, insertIfAbsent, updateRows } from '../../db/rows.ts';
import { contentsOf } from '../containers/containers.repo.ts';

export type StocktakeRow = Selectable<StocktakesTable>;
export type ScanRecord = Selectable<StocktakeScansTable>;
export type UnknownRecord = Selectable<StocktakeUnknownCodesTable>;

/** What a scan needs to know about the item a label is on, in one read. */
export interface ScannedItem extends StocktakeItem {
  location_id: string | null;
  container_id: string | null;
  condition: string;
  out_at: string | null;
  manifest_name: string | null;
}

/** The place a stock-take counts, as a condition on `items` (alias `i`). */
function placeFilter(place: { location_id: string | null; container_id: string | null }) {
  return place.container_id !== null
    ? sql<boolean>`i.id IN ${contentsOf(place.container_id)}`
    : sql<boolean>`i.location_id = ${place.location_id}`;
}

/**
 * What a stock-take of the place expects (items `i`): there, not out on a job, and not
 * already missing (those count as unexpected when scanned).
 */
function expectedAt(place: { location_id: string | null; container_id: string | null }) {
  return sql<boolean>`${placeFilter(place)} AND i.out_at IS NULL AND i.condition <> 'missing'`;
}

/** An item with the names of where it is now, for the rows a stock-take shows. */
function itemsWithPlaces(db: Kysely<Database>) {
  return db
    .selectFrom('items as i')
    .leftJoin('locations as l', 'l.id', 'i.location_id')
    .leftJoin('items as c', 'c.id', 'i.container_id')
    .select(['i.id', 'i.name', 'i.status', 'l.name as location_name', 'c.name as container_name']);
}

const EMPTY_COUNTS = (expected: number): StocktakeCounts => ({
  expected,
  found: 0,
  wrong_place: 0,
  unexpected: 0,
  unknown: 0,
  not_scanned: expected,
  missing: 0,
});

export const stocktakesRepo = {
  async insert(db: Kysely<Database>, row: StocktakeRow): Promise<void> {
    await db.insertInto('stocktakes').values(row).execute();
  },

  async find(db: Kysely<Database>, id: string): Promise<StocktakeRow | undefined> {
    return db.selectFrom('stocktakes').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /**
   * Newest first (of one location, when given); a yard runs a few a month, so the most
   * recent 500 are every one that matters.
   */
  async list(db: Kysely<Database>, locationId?: string): Promise<StocktakeRow[]> {
    return db
      .selectFrom('stocktakes')
      .selectAll()
      .$if(locationId !== undefined, (qb) => qb.where('location_id', '=', locationId!))
      .orderBy('started_at', 'desc')
      .orderBy('id')
      .limit(500)
      .execute();
  },

  /** Snapshots what is expected (expectedAt) in one INSERT ... SELECT. */
  async snapshotExpected(
    db: Kysely<Database>,
    stocktakeId: string,
    place: { location_id: string | null; container_id: string | null },
  ): Promise<number> {
    const result = await db
      .insertInto('stocktake_expected')
      .columns(['stocktake_id', 'item_id', 'item_name', 'item_status'])
      .expression(
        db
          .selectFrom('items as i')
          .select([sql.lit(stocktakeId).as('stocktake_id'), 'i.id', 'i.name', 'i.status'])
          .where(expectedAt(place)),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  },

  /**
   * What a stock-take of the location would expect now, for its page: how many, and the
   * first `limit` by name (a bay may hold thousands; the page shows a first screenful).
   */
  async expectedAtLocation(
    db: Kysely<Database>,
    locationId: string,
    limit: number,
  ): Promise<{ count: number; items: StocktakeItem[] }> {
    const here = expectedAt({ location_id: locationId, container_id: null });
    const [counted, items] = await Promise.all([
      db
        .selectFrom('items as i')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(here)
        .executeTakeFirstOrThrow(),
      itemsWithPlaces(db)
        .where(here)
        // Unnamed items last on both engines (NULL sorts first in SQLite, last in PostgreSQL).
        .orderBy(sql`coalesce(i.name, '\uffff')`)
        .orderBy('i.id')
        .limit(limit)
        .execute(),
    ]);
    return { count: Number(counted.n), items };
  },

  async setExpectedCount(db: Kysely<Database>, id: string, count: number): Promise<void> {
    await db
      .updateTable('stocktakes')
      .set({ expected_count: count })
      .where('id', '=', id)
      .execute();
  },

  async scannedItem(db: Kysely<Database>, itemId: string): Promise<ScannedItem | undefined> {
    return itemsWithPlaces(db)
      .leftJoin('manifests as m', 'm.id', 'i.manifest_id')
      .select([
        'i.location_id',
        'i.container_id',
        'i.condition',
        'i.out_at',
        'm.name as manifest_name',
      ])
      .where('i.id', '=', itemId)
      .executeTakeFirst();
  },

  async item(db: Kysely<Database>, itemId: string): Promise<StocktakeItem | undefined> {
    return itemsWithPlaces(db).where('i.id', '=', itemId).executeTakeFirst();
  },

  isExpected: (db: Kysely<Database>, stocktakeId: string, itemId: string) =>
    hasRow(db, 'stocktake_expected', { stocktake_id: stocktakeId, item_id: itemId }),

  scan: (db: Kysely<Database>, stocktakeId: string, itemId: string) =>
    findRow(db, 'stocktake_scans', { stocktake_id: stocktakeId, item_id: itemId }),

  /**
   * Records a counted item once: false when it was counted already (by this request's
   * race partner too: the key waits for the other transaction, then does nothing).
   */
  insertScan: (db: Kysely<Database>, row: ScanRecord) =>
    insertIfAbsent(db, 'stocktake_scans', row, ['stocktake_id', 'item_id']),

  insertUnknown: (db: Kysely<Database>, row: UnknownRecord) =>
    insertIfAbsent(db, 'stocktake_unknown_codes', row, ['stocktake_id', 'code']),

  /**
   * "Count contents with the crate": the expected items inside `containerId`, at every
   * level, not yet counted, are found with it. Returns how many.
   */
  async countContents(
    db: Kysely<Database>,
    stocktakeId: string,
    containerId: string,
    by: { id: string | null; email: string | null },
    now: string,
  ): Promise<number> {
    const result = await db
      .insertInto('stocktake_scans')
      .columns([
        'stocktake_id',
        'item_id',
        'outcome',
        'via_container_id',
        'item_name',
        'item_status',
        'scanned_by',
        'scanned_by_email',
        'scanned_at',
      ])
      .expression(
        db
          .selectFrom('stocktake_expected as e')
          .select([
            'e.stocktake_id',
            'e.item_id',
            sql.lit('found').as('outcome'),
            sql<string>`${containerId}`.as('via_container_id'),
            'e.item_name',
            'e.item_status',
            sql<string | null>`${by.id}`.as('scanned_by'),
            sql<string | null>`${by.email}`.as('scanned_by_email'),
            sql<string>`${now}`.as('scanned_at'),
          ])
          .where('e.stocktake_id', '=', stocktakeId)
          .where(sql<boolean>`e.item_id IN ${contentsOf(containerId)}`),
      )
      .onConflict((oc) => oc.columns(['stocktake_id', 'item_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  },

  async setMoved(db: Kysely<Database>, stocktakeId: string, itemId: string, now: string) {
    await updateRows(
      db,
      'stocktake_scans',
      { stocktake_id: stocktakeId, item_id: itemId },
      {
        moved_at: now,
      },
    );
  },

  /** Expected items with no scan row and not marked missing: the ids only. */
  async notScannedIds(db: Kysely<Database>, stocktakeId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('stocktake_expected as e')
      .leftJoin('stocktake_scans as s', (j) =>
        j.onRef('s.stocktake_id', '=', 'e.stocktake_id').onRef('s.item_id', '=', 'e.item_id'),
      )
      .select('e.item_id')
      .where('e.stocktake_id', '=', stocktakeId)
      .where('s.item_id', 'is', null)
      .where('e.missing_at', 'is', null)
      .execute();
    return rows.map((r) => r.item_id);
  },

  async markMissing(db: Kysely<Database>, stocktakeId: string, ids: string[], now: string) {
    for (let start = 0; start < ids.length; start += 1000) {
      await db
        .updateTable('stocktake_expected')
        .set({ missing_at: now })
        .where('stocktake_id', '=', stocktakeId)
        .where('item_id', 'in', ids.slice(start, start + 1000))
        .execute();
    }
  },

  /** Closes an open stock-take; false when it was finished meanwhile. */
  async finish(
    db: Kysely<Database>,
    id: string,
    by: { email: string | null },
    now: string,
  ): Promise<boolean> {
    const result = await db
      .updateTable('stocktakes')
      .set({ status: 'finished', finished_by_email: by.email, finished_at: now })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Counts of several stock-takes in three grouped reads. */
  async counts(
    db: Kysely<Database>,
    stocktakes: Array<Pick<StocktakeRow, 'id' | 'expected_count' | 'status'>>,
  ): Promise<Map<string, StocktakeCounts>> {
    const counts = new Map(stocktakes.map((s) => [s.id, EMPTY_COUNTS(s.expected_count)]));
    const ids = [...counts.keys()];
    const finished = stocktakes.filter((s) => s.status !== 'open').map((s) => s.id);
    if (ids.length === 0) return counts;
    const [scans, unknown, missing] = await Promise.all([
      db
        .selectFrom('stocktake_scans')
        .select(['stocktake_id', 'outcome', (eb) => eb.fn.countAll<number>().as('n')])
        .where('stocktake_id', 'in', ids)
        .groupBy(['stocktake_id', 'outcome'])
        .execute(),
      db
        .selectFrom('stocktake_unknown_codes')
        .select(['stocktake_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('stocktake_id', 'in', ids)
        .groupBy('stocktake_id')
        .execute(),
      // Only a finish marks items missing: an open stock-take (every scan's answer) skips it.
      finished.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('stocktake_expected')
            .select(['stocktake_id', (eb) => eb.fn.countAll<number>().as('n')])
            .where('stocktake_id', 'in', finished)
            .where('missing_at', 'is not', null)
            .groupBy('stocktake_id')
            .execute(),
    ]);
    for (const r of scans) counts.get(r.stocktake_id)![r.outcome] = Number(r.n);
    for (const r of unknown) counts.get(r.stocktake_id)!.unknown = Number(r.n);
    for (const r of missing) counts.get(r.stocktake_id)!.missing = Number(r.n);
    for (const c of counts.values()) c.not_scanned = c.expected - c.found - c.missing;
    return counts;
  },

  /** Every counted item with where it is now (names kept from the scan if it is gone). */
  async scanRows(db: Kysely<Database>, stocktakeId: string) {
    return db
      .selectFrom('stocktake_scans as s')
      .leftJoin('items as i', 'i.id', 's.item_id')
      .leftJoin('locations as l', 'l.id', 'i.location_id')
      .leftJoin('items as c', 'c.id', 'i.container_id')
      .selectAll('s')
      .select([
        'i.name as current_name',
        'i.status as current_status',
        'l.name as location_name',
        'c.name as container_name',
      ])
      .where('s.stocktake_id', '=', stocktakeId)
      .orderBy('s.scanned_at')
      .orderBy('s.item_id')
      .execute();
  },

  async unknownCodes(db: Kysely<Database>, stocktakeId: string): Promise<UnknownRecord[]> {
    return db
      .selectFrom('stocktake_unknown_codes')
      .selectAll()
      .where('stocktake_id', '=', stocktakeId)
      .orderBy('scanned_at')
      .orderBy('code')
      .execute();
  },

  /** Expected items without a scan row: not scanned, or marked missing at the finish. */
  async uncounted(db: Kysely<Database>, stocktakeId: string) {
    return db
      .selectFrom('stocktake_expected as e')
      .leftJoin('stocktake_scans as s', (j) =>
        j.onRef('s.stocktake_id', '=', 'e.stocktake_id').onRef('s.item_id', '=', 'e.item_id'),
      )
      .leftJoin('items as i', 'i.id', 'e.item_id')
      .leftJoin('locations as l', 'l.id', 'i.location_id')
      .leftJoin('items as c', 'c.id', 'i.container_id')
      .select([
        'e.item_id',
        'e.item_name',
        'e.item_status',
        'e.missing_at',
        'i.name as current_name',
        'i.status as current_status',
        'l.name as location_name',
        'c.name as container_name',
      ])
      .where('e.stocktake_id', '=', stocktakeId)
      .where('s.item_id', 'is', null)
      .orderBy('e.item_name')
      .orderBy('e.item_id')
      .execute();
  },
};
