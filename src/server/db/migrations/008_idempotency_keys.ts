import type { Kysely } from 'kysely';

/**
 * Idempotency keys (docs/decisions.md, "Offline scanning and idempotency keys"): one row
 * per (caller, key) holding a fingerprint of the request and, once it has run, the first
 * answer, so a retried or replayed write returns that answer and changes nothing. In the
 * database, not in memory, so every app instance sees the same keys.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    // The caller's user id, or '' for anonymous callers (a scan may be anonymous).
    .addColumn('user_key', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    // Null while the first request is still running.
    .addColumn('status', 'integer')
    .addColumn('body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_key', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expires_at')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
}
