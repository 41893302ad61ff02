import type { Kysely, Selectable } from 'kysely';
import type { Database, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema.ts';
import { findRow, updateRows } from '../../db/rows.ts';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** Endpoints as admins manage them. */
export const endpointsRepo = {
  async list(db: Kysely<Database>): Promise<EndpointRow[]> {
    return db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').execute();
  },

  async find(db: Kysely<Database>, id: string): Promise<EndpointRow | undefined> {
    return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async insert(db: Kysely<Database>, row: EndpointRow): Promise<void> {
    await db.insertInto('webhook_endpoints').values(row).execute();
  },

  async update(
    db: Kysely<Database>,
    id: string,
    values: Partial<Omit<EndpointRow, 'id' | 'created_at'>>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('webhook_endpoints')
      .set(values)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** The endpoint and its delivery log. */
  async delete(db: Kysely<Database>, id: string): Promise<boolean> {
    await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
    const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },

  /** Marks it failing from `since`, unless it already was. */
  async markFailing(db: Kysely<Database>, id: string, since: string): Promise<void> {
    await updateRows(
      db,
      'webhook_endpoints',
      { id, failing_since: null },
      { failing_since: since },
    );
  },

  /** Clears the failing mark (clearing one already cleared changes nothing). */
  async markHealthy(db: Kysely<Database>, id: string): Promise<void> {
    await updateRows(db, 'webhook_endpoints', { id }, { failing_since: null });
  },

  /** Switches it off with a reason; false when it was already off (or is gone). */
  async disable(db: Kysely<Database>, id: string, reason: string, now: string): Promise<boolean> {
    const result = await db
      .updateTable('webhook_endpoints')
      .set({ enabled: 0, disabled_reason: reason, updated_at: now })
      .where('id', '=', id)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
};

/** How many new events one pass of the worker fans out. */
const FAN_OUT_BATCH = 500;

/** The outbox and the deliveries, as the worker reads and writes them. */
export const deliveriesRepo = {
  /** Anything for the worker: events not fanned out yet, or a delivery due now. */
  async hasWork(db: Kysely<Database>, now: string): Promise<boolean> {
    const event = await db
      .selectFrom('webhook_events')
      .select('seq')
      .where('fanned_out', '=', 0)
      .limit(1)
      .executeTakeFirst();
    if (event) return true;
    const due = await db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select('d.id')
      .where('e.enabled', '=', 1)
      .where('d.status', '=', 'pending')
      .where('d.next_attempt_at', '<=', now)
      .limit(1)
      .executeTakeFirst();
    return due !== undefined;
  },

  async unfannedEvents(db: Kysely<Database>) {
    return db
      .selectFrom('webhook_events')
      .select(['seq', 'id', 'type'])
      .where('fanned_out', '=', 0)
      .orderBy('seq')
      .limit(FAN_OUT_BATCH)
      .execute();
  },

  async endpoints(db: Kysely<Database>) {
    return db.selectFrom('webhook_endpoints').select(['id', 'events']).execute();
  },

  /** New deliveries, and their events marked fanned out, together (one transaction). */
  async fanOut(db: Kysely<Database>, deliveries: DeliveryRow[], eventSeqs: number[]) {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < deliveries.length; i += 500) {
        await trx
          .insertInto('webhook_deliveries')
          .values(deliveries.slice(i, i + 500))
          .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
          .execute();
      }
      for (let i = 0; i < eventSeqs.length; i += 500) {
        await trx
          .updateTable('webhook_events')
          .set({ fanned_out: 1 })
          .where('seq', 'in', eventSeqs.slice(i, i + 500))
          .execute();
      }
    });
  },

  /** Enabled endpoints with a pending delivery due now. */
  async endpointsWithDueWork(db: Kysely<Database>, now: string): Promise<string[]> {
    const rows = await db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select('d.endpoint_id')
      .distinct()
      .where('e.enabled', '=', 1)
      .where('d.status', '=', 'pending')
      .where('d.next_attempt_at', '<=', now)
      .execute();
    return rows.map((r) => r.endpoint_id);
  },

  /**
   * The head of an endpoint's queue, its oldest pending event, with what sending it needs;
   * undefined when the queue is empty. The caller checks whether it is due: a head
   * waiting for its retry holds back the events behind it (order per endpoint).
   */
  async head(db: Kysely<Database>, endpointId: string) {
    return db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select([
        'd.id',
        'd.event_id',
        'd.attempts',
        'd.next_attempt_at',
        'ev.payload',
        'e.url',
        'e.secret',
        'e.enabled',
        'e.failing_since',
      ])
      .where('d.endpoint_id', '=', endpointId)
      .where('d.status', '=', 'pending')
      .orderBy('d.event_seq')
      .limit(1)
      .executeTakeFirst();
  },

  async recordAttempt(
    db: Kysely<Database>,
    id: string,
    values: Pick<
      DeliveryRow,
      | 'status'
      | 'attempts'
      | 'next_attempt_at'
      | 'last_attempt_at'
      | 'response_status'
      | 'error'
      | 'delivered_at'
    >,
  ): Promise<void> {
    await db.updateTable('webhook_deliveries').set(values).where('id', '=', id).execute();
  },

  async log(db: Kysely<Database>, endpointId: string, limit: number): Promise<DeliveryRow[]> {
    return db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .orderBy('event_seq', 'desc')
      .limit(limit)
      .execute();
  },

  find: (db: Kysely<Database>, endpointId: string, id: string) =>
    findRow(db, 'webhook_deliveries', { endpoint_id: endpointId, id }),

  /** Queues it again, first in its endpoint's line (its event is older than the rest). */
  async requeue(db: Kysely<Database>, id: string, now: string): Promise<void> {
    await db
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', attempts: 0, next_attempt_at: now, delivered_at: null })
      .where('id', '=', id)
      .execute();
  },

  /**
   * Forgets deliveries created before `before` (sent, failed, or still waiting for an
   * endpoint that stayed disabled), and events no delivery refers to any more (including
   * those no endpoint wanted).
   */
  async prune(db: Kysely<Database>, before: string): Promise<void> {
    await db.deleteFrom('webhook_deliveries').where('created_at', '<', before).execute();
    await db
      .deleteFrom('webhook_events')
      .where('fanned_out', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('webhook_deliveries as d')
              .select('d.id')
              .whereRef('d.event_id', '=', 'webhook_events.id'),
          ),
        ),
      )
      .execute();
  },
};
