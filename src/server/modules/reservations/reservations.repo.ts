import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { hasRow } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { inScope, type Scope } from '../catalog/scope.ts';
import { withContents, oneItem } from '../containers/containers.repo.ts';
import type { Window } from '../../../common/reservations.ts';

/** A job as availability reads it. */
export interface JobRow {
  id: string;
  name: string;
  stage: string;
  client_id: string | null;
  out_date: string | null;
  due_date: string | null;
  prep_days: number;
  turnaround_days: number;
  window_from: string | null;
  window_to: string | null;
}

/** An item a job holds: by a reservation line, by being packed on it, or out on it. */
export interface HeldRow {
  manifest_id: string;
  item_id: string;
  component_id: string | null;
  condition: string;
  /** Set while it is out on its job (items.out_at). */
  out_at: string | null;
  /** items.manifest_id: the job it is packed on, if any. */
  packed_on: string | null;
}

export interface LineRow {
  manifest_id: string;
  item_id: string;
  item_name: string | null;
  component_id: string | null;
  component_name: string | null;
  via_item_id: string | null;
  packed: boolean;
  created_at: string;
  condition: string;
}

const JOB_COLUMNS = [
  'manifests.id',
  'manifests.name',
  'manifests.stage',
  'manifests.client_id',
  'manifests.out_date',
  'manifests.due_date',
  'manifests.prep_days',
  'manifests.turnaround_days',
  'manifests.window_from',
  'manifests.window_to',
] as const;

/** Advisory lock key serialising every write that adds to what jobs hold (PostgreSQL). */
const RESERVATIONS_LOCK = 21_021;

export const reservationsRepo = {
  /**
   * Serialises writes that add to what jobs hold, so the availability read after it and
   * the write that follows are one step: two requests racing for the last unit cannot both
   * pass the check. PostgreSQL: one transaction-scoped advisory lock for all of them (read
   * committed then sees every earlier holder's commit). One key rather than one per item or
   * type: a job's reserve touches hundreds of items and types, and sorted per-key locks
   * would cost as much as the check itself, while these writes come at human speed.
   * SQLite: the write lock is taken by a first write (a no-op update of the job), so the
   * reads that follow see the last commit and no other writer runs until this one ends.
   */
  async lock(db: Kysely<Database>, manifestId: string): Promise<void> {
    // The engine from the handle itself: the checks run inside other modules' transactions.
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`SELECT pg_advisory_xact_lock(${sql.lit(RESERVATIONS_LOCK)})`.execute(db);
      return;
    }
    await db
      .updateTable('manifests')
      .set((eb) => ({ version: eb.ref('version') }))
      .where('id', '=', manifestId)
      .execute();
  },

  async job(db: Kysely<Database>, id: string, scope: Scope): Promise<JobRow | undefined> {
    return db
      .selectFrom('manifests')
      .select(JOB_COLUMNS)
      .where('manifests.id', '=', id)
      .where(inScope(scope, 'manifests.client_id'))
      .executeTakeFirst();
  },

  /**
   * The jobs that may hold kit in the window: reserved ones whose window overlaps it, and
   * every job that is out (its kit is away until it is back, whatever its dates say).
   */
  async holdingJobs(db: Kysely<Database>, window: Window): Promise<JobRow[]> {
    const reserved = db
      .selectFrom('manifests')
      .select(JOB_COLUMNS)
      .where('manifests.stage', '=', 'reserved')
      .where('manifests.window_from', '<=', window.to)
      .where('manifests.window_to', '>=', window.from);
    const out = db.selectFrom('manifests').select(JOB_COLUMNS).where('manifests.stage', '=', 'out');
    return reserved.unionAll(out).execute();
  },

  /** Jobs of any stage whose window overlaps, for the calendar. */
  async jobsOverlapping(
    db: Kysely<Database>,
    window: Window,
    scope: Scope,
    clientId?: string,
  ): Promise<Array<JobRow & { client_name: string | null }>> {
    let q = db
      .selectFrom('manifests')
      .leftJoin('clients', 'clients.id', 'manifests.client_id')
      .select([...JOB_COLUMNS, 'clients.name as client_name'])
      .where('manifests.window_from', '<=', window.to)
      .where('manifests.window_to', '>=', window.from)
      .where(inScope(scope, 'manifests.client_id'));
    if (clientId) q = q.where('manifests.client_id', '=', clientId);
    return q.orderBy('manifests.window_from').orderBy('manifests.name').execute();
  },

  /**
   * What the given jobs hold: their reservation lines and the items packed on them (each
   * item once per job), optionally only items of some types or some items.
   */
  async held(
    db: Kysely<Database>,
    manifestIds: string[],
    only: { componentIds?: string[]; itemIds?: string[] } = {},
  ): Promise<HeldRow[]> {
    if (manifestIds.length === 0) return [];
    let lines = db
      .selectFrom('reservations as r')
      .innerJoin('items as i', 'i.id', 'r.item_id')
      .select([
        'r.manifest_id',
        'i.id as item_id',
        'i.component_id',
        'i.condition',
        'i.out_at',
        'i.manifest_id as packed_on',
      ])
      .where('r.manifest_id', 'in', manifestIds);
    let packed = db
      .selectFrom('items as i')
      .select([
        sql<string>`i.manifest_id`.as('manifest_id'),
        'i.id as item_id',
        'i.component_id',
        'i.condition',
        'i.out_at',
        'i.manifest_id as packed_on',
      ])
      .where('i.manifest_id', 'in', manifestIds);
    if (only.componentIds) {
      if (only.componentIds.length === 0) return [];
      lines = lines.where('i.component_id', 'in', only.componentIds);
      packed = packed.where('i.component_id', 'in', only.componentIds);
    }
    if (only.itemIds) {
      if (only.itemIds.length === 0) return [];
      lines = lines.where('i.id', 'in', only.itemIds);
      packed = packed.where('i.id', 'in', only.itemIds);
    }
    // An item both reserved by name and packed on the job counts once. Deduplicated here
    // rather than by UNION: PostgreSQL's hashing of every row's six text columns cost more
    // than the rest of the calendar's query (the two halves' rows for one job and item are
    // equal, as both read the item's own columns).
    const seen = new Set<string>();
    return (await lines.unionAll(packed).execute()).filter((row) => {
      const key = `${row.manifest_id} ${row.item_id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  },

  async requirements(
    db: Kysely<Database>,
    manifestIds: string[],
  ): Promise<Array<{ manifest_id: string; component_id: string; count: number }>> {
    if (manifestIds.length === 0) return [];
    return db
      .selectFrom('requirements')
      .select(['manifest_id', 'component_id', 'count'])
      .where('manifest_id', 'in', manifestIds)
      .execute();
  },

  /** Items per type and condition (client users: their client's items only). */
  async typeTotals(
    db: Kysely<Database>,
    scope: Scope,
    componentIds?: string[],
  ): Promise<Array<{ component_id: string; condition: string; n: number }>> {
    let q = db
      .selectFrom('items')
      .select(['component_id', 'condition', (eb) => eb.fn.countAll<number>().as('n')])
      .where('component_id', 'is not', null)
      .where(inScope(scope, 'items.client_id'));
    if (componentIds) {
      if (componentIds.length === 0) return [];
      q = q.where('component_id', 'in', componentIds);
    }
    const rows = await q.groupBy(['component_id', 'condition']).execute();
    return rows.map((r) => ({ ...r, component_id: r.component_id!, n: Number(r.n) }));
  },

  async componentNames(db: Kysely<Database>, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('components')
      .select(['id', 'name'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  async allComponentIds(db: Kysely<Database>): Promise<string[]> {
    return (await db.selectFrom('components').select('id').execute()).map((r) => r.id);
  },

  /** Items by id with what availability shows of them. */
  async items(
    db: Kysely<Database>,
    ids: string[],
    scope: Scope,
  ): Promise<
    Array<{
      id: string;
      name: string | null;
      component_id: string | null;
      component_name: string | null;
      condition: string;
      out_at: string | null;
      manifest_id: string | null;
      contents_count: number;
    }>
  > {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('items as i')
      .leftJoin('components as c', 'c.id', 'i.component_id')
      .select([
        'i.id',
        'i.name',
        'i.component_id',
        'c.name as component_name',
        'i.condition',
        'i.out_at',
        'i.manifest_id',
        (eb) =>
          eb
            .selectFrom('items as inside')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('inside.container_id', '=', 'i.id')
            .as('contents_count'),
      ])
      .where('i.id', 'in', ids)
      .where(inScope(scope, 'i.client_id'))
      .execute();
    return rows.map((r) => ({ ...r, contents_count: Number(r.contents_count ?? 0) }));
  },

  /** Items of a component type and/or of item types (the availability answer's list). */
  async itemIdsOf(
    db: Kysely<Database>,
    only: { componentId?: string; statuses?: string[] },
    scope: Scope,
    limit: number,
  ): Promise<string[]> {
    const rows = await db
      .selectFrom('items as i')
      .select('i.id')
      .$if(only.componentId !== undefined, (q) => q.where('i.component_id', '=', only.componentId!))
      .$if(Boolean(only.statuses?.length), (q) => q.where('i.status', 'in', only.statuses!))
      .where(inScope(scope, 'i.client_id'))
      .orderBy('i.name')
      .orderBy('i.id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },

  /** The item and everything inside it, at every level. */
  async withContents(db: Kysely<Database>, itemId: string): Promise<string[]> {
    const rows = await sql<{
      id: string;
    }>`SELECT id FROM ${withContents(oneItem(itemId))} t`.execute(db);
    return rows.rows.map((r) => r.id);
  },

  async lines(db: Kysely<Database>, manifestId: string): Promise<LineRow[]> {
    const rows = await db
      .selectFrom('reservations as r')
      .innerJoin('items as i', 'i.id', 'r.item_id')
      .leftJoin('components as c', 'c.id', 'i.component_id')
      .select([
        'r.manifest_id',
        'r.item_id',
        'i.name as item_name',
        'i.component_id',
        'c.name as component_name',
        'r.via_item_id',
        'r.created_at',
        'i.condition',
        sql<number>`CASE WHEN i.manifest_id = r.manifest_id THEN 1 ELSE 0 END`.as('packed'),
      ])
      .where('r.manifest_id', '=', manifestId)
      .orderBy('i.name')
      .orderBy('r.item_id')
      .execute();
    return rows.map((r) => ({ ...r, packed: Number(r.packed) === 1 }));
  },

  /** Adds lines (an item already on the job stays as it was). */
  async insertLines(
    db: Kysely<Database>,
    manifestId: string,
    itemIds: string[],
    viaItemId: (id: string) => string | null,
    now: string,
  ): Promise<number> {
    if (itemIds.length === 0) return 0;
    let added = 0;
    for (let i = 0; i < itemIds.length; i += 500) {
      const chunk = itemIds.slice(i, i + 500);
      const result = await db
        .insertInto('reservations')
        .values(
          chunk.map((id) => ({
            manifest_id: manifestId,
            item_id: id,
            via_item_id: viaItemId(id),
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['manifest_id', 'item_id']).doNothing())
        .executeTakeFirst();
      added += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return added;
  },

  /** Removes an item's line and the lines its reservation brought along. */
  async deleteLine(db: Kysely<Database>, manifestId: string, itemId: string): Promise<number> {
    const result = await db
      .deleteFrom('reservations')
      .where('manifest_id', '=', manifestId)
      .where((eb) => eb.or([eb('item_id', '=', itemId), eb('via_item_id', '=', itemId)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  hasLine: (db: Kysely<Database>, manifestId: string, itemId: string) =>
    hasRow(db, 'reservations', { manifest_id: manifestId, item_id: itemId }),

  /** Every job that has or had this item: lines, packing, trips (for its bookings). */
  async bookingsOf(
    db: Kysely<Database>,
    itemId: string,
    scope: Scope,
  ): Promise<
    Array<
      JobRow & {
        line: number;
        packed: number;
        returned_at: string | null;
        missing_at: string | null;
        trip: number;
      }
    >
  > {
    const rows = await db
      .selectFrom('manifests')
      .leftJoin('reservations as r', (j) =>
        j.onRef('r.manifest_id', '=', 'manifests.id').on('r.item_id', '=', itemId),
      )
      .leftJoin('dispatched_items as d', (j) =>
        j.onRef('d.manifest_id', '=', 'manifests.id').on('d.item_id', '=', itemId),
      )
      .select([
        ...JOB_COLUMNS,
        sql<number>`CASE WHEN r.item_id IS NULL THEN 0 ELSE 1 END`.as('line'),
        sql<number>`CASE WHEN d.item_id IS NULL THEN 0 ELSE 1 END`.as('trip'),
        sql<number>`CASE WHEN EXISTS (SELECT 1 FROM items x WHERE x.id = ${itemId} AND x.manifest_id = manifests.id) THEN 1 ELSE 0 END`.as(
          'packed',
        ),
        'd.returned_at',
        'd.missing_at',
      ])
      .where((eb) =>
        eb.or([
          eb('r.item_id', 'is not', null),
          eb('d.item_id', 'is not', null),
          eb(
            'manifests.id',
            '=',
            eb.selectFrom('items as x').select('x.manifest_id').where('x.id', '=', itemId),
          ),
        ]),
      )
      .where(inScope(scope, 'manifests.client_id'))
      .execute();
    return rows.map((r) => ({
      ...r,
      line: Number(r.line),
      packed: Number(r.packed),
      trip: Number(r.trip),
    }));
  },
};
