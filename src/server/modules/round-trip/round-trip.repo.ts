import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Item } from '../../../common/schemas/item.ts';
import type { Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { bumpVersion } from '../../db/versioning.ts';
import { inScope, scopeClientId, type Scope } from '../catalog/scope.ts';
import { onManifest } from '../containers/containers.repo.ts';
import { itemRows, orderByItemName, toItem } from '../items/items.repo.ts';

/** Where one job's dispatched items stand; see returnsSchema. */
export type ReturnState = 'out' | 'returned' | 'damaged' | 'missing';

/** Items that come back from a job, as one return reports them. */
export interface ReturnedItems {
  manifestId: string;
  ids: string[];
  /** The item scanned: its condition and note are the ones reported. */
  scanned: string;
  condition: string;
  note: string | null;
  /** Where they are put; undefined: they stay where they are recorded. */
  locationId: string | null | undefined;
  now: string;
}

const STATE_OF: Record<ReturnState, RawBuilder<boolean>> = {
  out: sql`d.returned_at IS NULL AND d.missing_at IS NULL`,
  returned: sql`d.returned_at IS NOT NULL AND d.return_condition = 'ok'`,
  damaged: sql`d.returned_at IS NOT NULL AND d.return_condition = 'damaged'`,
  missing: sql`d.returned_at IS NULL AND d.missing_at IS NOT NULL`,
};

export interface JobCounts {
  manifest_id: string;
  items_total: number;
  items_out: number;
  items_returned: number;
  items_damaged: number;
  items_missing: number;
}

export const roundTripRepo = {
  /** An item's placement and state; one outside `scope` is not found. */
  async itemState(db: Kysely<Database>, id: string, scope: Scope) {
    return db
      .selectFrom('items')
      .select([
        'id',
        'name',
        'location_id',
        'manifest_id',
        'container_id',
        'condition',
        'out_at',
        'client_id',
      ])
      .where('id', '=', id)
      .where(inScope(scope, 'client_id'))
      .executeTakeFirst();
  },

  /**
   * The items just marked out on the job since `now` become rows of the job's dispatch
   * list (reset if the item had been out on it before). The items are the door's write
   * (job-items.ts), made first.
   */
  async recordOut(db: Kysely<Database>, manifestId: string, now: string): Promise<void> {
    await db
      .insertInto('dispatched_items')
      .columns(['manifest_id', 'item_id', 'out_at'])
      .expression(
        db
          .selectFrom('items')
          .select([sql.val(manifestId).as('manifest_id'), 'id', sql.val(now).as('out_at')])
          .where('manifest_id', '=', manifestId)
          .where('out_at', '=', now),
      )
      .onConflict((oc) =>
        oc.columns(['manifest_id', 'item_id']).doUpdateSet({
          out_at: now,
          returned_at: null,
          return_condition: null,
          return_note: null,
          missing_at: null,
        }),
      )
      .execute();
  },

  /** Everything on a job (and inside what is on it), as a subquery. */
  onJob(manifestId: string): RawBuilder<unknown> {
    return onManifest(manifestId);
  },

  async setStage(
    db: Kysely<Database>,
    id: string,
    stage: string,
    now: string,
    outDate?: string,
  ): Promise<void> {
    await bumpVersion(
      db
        .updateTable('manifests')
        .set({ stage, updated_at: now, ...(outDate ? { out_date: outDate } : {}) })
        .where('id', '=', id),
      undefined,
    ).execute();
  },

  /** Of the items of `ids`, those out on this job, with where they sit. */
  async outOnJob(db: Kysely<Database>, ids: RawBuilder<unknown>, manifestId: string) {
    return db
      .selectFrom('items')
      .select(['id', 'name', 'container_id', 'condition'])
      .where(sql<boolean>`id IN ${ids}`)
      .where('manifest_id', '=', manifestId)
      .where('out_at', 'is not', null)
      .execute();
  },

  /** Of the items of `ids`, the missing ones. */
  async missingAmong(db: Kysely<Database>, ids: RawBuilder<unknown>) {
    return db
      .selectFrom('items')
      .select(['id', 'name', 'container_id', 'condition'])
      .where(sql<boolean>`id IN ${ids}`)
      .where('condition', '=', 'missing')
      .execute();
  },

  /**
   * Items come back: their dispatch rows say how, `scanned` as reported, the others as
   * their own condition says (read before the door's write takes them off the job).
   */
  async recordReturned(db: Kysely<Database>, input: ReturnedItems): Promise<void> {
    const { manifestId, ids, scanned, condition, note, now } = input;
    await db
      .updateTable('dispatched_items')
      .set({
        returned_at: now,
        return_condition: sql`CASE WHEN item_id = ${scanned} THEN CAST(${condition} AS text)
          ELSE (SELECT CASE WHEN i.condition = 'damaged' THEN 'damaged' ELSE 'ok' END
                FROM items i WHERE i.id = dispatched_items.item_id) END`,
        return_note: sql`CASE WHEN item_id = ${scanned} THEN CAST(${note} AS text) ELSE NULL END`,
      })
      .where('manifest_id', '=', manifestId)
      .where('item_id', 'in', ids)
      .execute();
  },

  /** A missing item is back (`condition`: ok or damaged): the latest job it went missing from records its return. */
  async recordFound(
    db: Kysely<Database>,
    ids: string[],
    condition: string,
    now: string,
  ): Promise<void> {
    await db
      .updateTable('dispatched_items')
      .set({ returned_at: now, return_condition: condition })
      .where('item_id', 'in', ids)
      .where('missing_at', 'is not', null)
      .where('returned_at', 'is', null)
      .execute();
  },

  /** Closing: the dispatch rows of what is still out say since when it is missing. */
  async recordMissing(db: Kysely<Database>, manifestId: string, ids: string[], now: string) {
    await db
      .updateTable('dispatched_items')
      .set({ missing_at: now })
      .where('manifest_id', '=', manifestId)
      .where('item_id', 'in', ids)
      .execute();
  },

  /** A job's dispatched items in one state, as items, sorted by name. */
  async itemsIn(
    db: Kysely<Database>,
    dialect: Dialect,
    manifestId: string,
    state: ReturnState,
    scope: Scope,
  ): Promise<Item[]> {
    const query = itemRows(db, scopeClientId(scope))
      .innerJoin('dispatched_items as d', 'd.item_id', 'items.id')
      .where('d.manifest_id', '=', manifestId)
      .where(STATE_OF[state])
      .where(inScope(scope, 'items.client_id'));
    return (await orderByItemName(query, dialect).execute()).map(toItem);
  },

  /** Counts per job, for the jobs given, of the items in scope. */
  async counts(
    db: Kysely<Database>,
    manifestIds: string[],
    scope: Scope,
  ): Promise<Map<string, JobCounts>> {
    if (manifestIds.length === 0) return new Map();
    const n = (state: ReturnState) =>
      sql<number>`sum(CASE WHEN ${STATE_OF[state]} THEN 1 ELSE 0 END)`;
    const rows = await db
      .selectFrom('dispatched_items as d')
      .$if(scope.kind === 'client', (qb) =>
        qb.innerJoin('items', 'items.id', 'd.item_id').where(inScope(scope, 'items.client_id')),
      )
      .select([
        'd.manifest_id',
        (eb) => eb.fn.countAll<number>().as('items_total'),
        n('out').as('items_out'),
        n('returned').as('items_returned'),
        n('damaged').as('items_damaged'),
        n('missing').as('items_missing'),
      ])
      .where('d.manifest_id', 'in', manifestIds)
      .groupBy('d.manifest_id')
      .execute();
    // PostgreSQL sums arrive as strings (bigint).
    return new Map(
      rows.map((r) => [
        r.manifest_id,
        {
          manifest_id: r.manifest_id,
          items_total: Number(r.items_total),
          items_out: Number(r.items_out),
          items_returned: Number(r.items_returned),
          items_damaged: Number(r.items_damaged),
          items_missing: Number(r.items_missing),
        },
      ]),
    );
  },
};
