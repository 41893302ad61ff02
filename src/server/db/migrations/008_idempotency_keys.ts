import type { Kysely } from 'kysely';
import { createIndexes, createTable } from './table-builder.ts';

/**
 * Idempotency keys (docs/decisions.md, "Offline scanning and idempotency keys"): one row
 * per (caller, key) holding a fingerprint of the request and, once it has run, the first
 * answer, so a retried or replayed write returns that answer and changes nothing. In the
 * database, not in memory, so every app instance sees the same keys.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'idempotency_keys')`
    -- The caller's user id, or '' for anonymous callers (a scan may be anonymous).
    user_key text not null,
    key text not null,
    fingerprint text not null,
    -- Null while the first request is still running.
    status integer,
    body text,
    created_at text not null,
    expires_at text not null,
    primary key (user_key, key)
  `;
  await createIndexes(db, 'idempotency_keys', { idempotency_keys_expires_at: ['expires_at'] });
}
