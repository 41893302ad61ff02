import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Item } from '../../../common/schemas/item.ts';
import type { Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { bumpVersion } from '../../db/versioning.ts';
import { inScope, scopeClientId, type Scope } from '../catalog/scope.ts';
import { itemRows, orderByItemName, toItem, updateItems } from '../items/items.repo.ts';

/** Where one job's dispatched items stand; see returnsSchema. */
export type ReturnState = 'out' | 'returned' | 'damaged' | 'missing';

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

const inList = (ids: string[]) => sql<boolean>`id IN (${sql.join(ids)})`;

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

  /** Puts the items of `ids` (a subquery) on a manifest, or off any (null). One UPDATE. */
  async allocate(
    db: Kysely<Database>,
    ids: RawBuilder<unknown>,
    manifestId: string | null,
    now: string,
  ): Promise<number> {
    return updateItems(db, sql<boolean>`id IN ${ids}`, {
      manifest_id: manifestId,
      out_at: null,
      updated_at: now,
    });
  },

  /**
   * Records the items of `ids` as out on the job since `now`: on the item, and as a row
   * of the job's dispatch list (reset if the item had been out on it before).
   */
  async markOut(
    db: Kysely<Database>,
    ids: RawBuilder<unknown>,
    manifestId: string,
    now: string,
  ): Promise<number> {
    const changed = await updateItems(db, sql<boolean>`id IN ${ids}`, {
      manifest_id: manifestId,
      out_at: now,
      updated_at: now,
    });
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
    return changed;
  },

  /** Everything on a job (and inside what is on it), as a subquery. */
  onJob(manifestId: string): RawBuilder<unknown> {
    return sql`(SELECT id FROM items WHERE manifest_id = ${manifestId})`;
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
   * Items come back: off the job, at `locationId` when given. Their dispatch rows say how
   * they came back: `scanned` as reported, the others as their own condition says.
   */
  async markReturned(
    db: Kysely<Database>,
    input: {
      manifestId: string;
      ids: string[];
      scanned: string;
      condition: string;
      note: string | null;
      locationId: string | null | undefined;
      now: string;
    },
  ): Promise<void> {
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
    await updateItems(db, inList(ids), {
      manifest_id: null,
      out_at: null,
      updated_at: now,
      ...(input.locationId !== undefined ? { location_id: input.locationId } : {}),
    });
  },

  async setCondition(
    db: Kysely<Database>,
    ids: string[],
    condition: string,
    note: string | null,
    now: string,
  ): Promise<void> {
    if (ids.length === 0) return;
    await updateItems(db, inList(ids), { condition, condition_note: note, updated_at: now });
  },

  /** A missing item is back: the latest job it went missing from records its return. */
  async markFound(
    db: Kysely<Database>,
    ids: string[],
    condition: string,
    locationId: string | null | undefined,
    now: string,
  ): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('dispatched_items')
      .set({ returned_at: now, return_condition: condition === 'damaged' ? 'damaged' : 'ok' })
      .where('item_id', 'in', ids)
      .where('missing_at', 'is not', null)
      .where('returned_at', 'is', null)
      .execute();
    await updateItems(db, inList(ids), {
      condition: condition === 'damaged' ? 'damaged' : 'ok',
      updated_at: now,
      ...(locationId !== undefined ? { location_id: locationId } : {}),
    });
  },

  /** Closing: what is still out goes missing and leaves the job; the rest leaves it too. */
  async markMissing(db: Kysely<Database>, manifestId: string, ids: string[], now: string) {
    if (ids.length > 0) {
      await db
        .updateTable('dispatched_items')
        .set({ missing_at: now })
        .where('manifest_id', '=', manifestId)
        .where('item_id', 'in', ids)
        .execute();
      await updateItems(db, inList(ids), {
        condition: 'missing',
        condition_note: null,
        out_at: null,
        updated_at: now,
      });
    }
    await updateItems(db, sql<boolean>`manifest_id = ${manifestId}`, {
      manifest_id: null,
      out_at: null,
      updated_at: now,
    });
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
