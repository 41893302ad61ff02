import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';
import { createIndexes, createTable, increasingKey } from './table-builder.ts';

/**
 * Webhooks and periodic work that runs once across instances (docs/decisions.md,
 * "Integrations: webhooks"): leases, endpoints, the outbox of events and their deliveries.
 * No foreign keys: the service deletes an endpoint's deliveries with it, and a restore
 * writes tables in any order.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await createTable(db, 'leases')`
    name text primary key,
    holder text,
    lease_until text not null default '',
    next_run_at text not null default ''
  `;

  await createTable(db, 'webhook_endpoints')`
    id text primary key,
    url text not null,
    events text not null,
    secret text not null,
    enabled integer not null default 1,
    disabled_reason text,
    failing_since text,
    created_at text not null,
    updated_at text not null
  `;

  await createTable(db, 'webhook_events')`
    seq ${increasingKey(dialect)},
    id text not null unique,
    type text not null,
    payload text not null,
    fanned_out integer not null default 0,
    created_at text not null
  `;
  // The worker's look for new events reads only the unfanned ones, in order.
  await createIndexes(db, 'webhook_events', { webhook_events_fan_out: ['fanned_out', 'seq'] });

  await createTable(db, 'webhook_deliveries')`
    id text primary key,
    endpoint_id text not null,
    event_id text not null,
    event_seq integer not null,
    event_type text not null,
    status text not null,
    attempts integer not null default 0,
    next_attempt_at text,
    last_attempt_at text,
    response_status integer,
    error text,
    delivered_at text,
    created_at text not null
  `;
  await createIndexes(db, 'webhook_deliveries', {
    // An event reaches an endpoint through one delivery row: a resend reuses it.
    webhook_deliveries_endpoint_event: { columns: ['endpoint_id', 'event_id'], unique: true },
    // The head of an endpoint's queue: its oldest pending event.
    webhook_deliveries_queue: ['endpoint_id', 'status', 'event_seq'],
    webhook_deliveries_log: ['endpoint_id', 'created_at'],
  });
}
