import type { Kysely } from 'kysely';

/**
 * Indexes for the periodic purge of expired sessions, tokens and rate-limit windows
 * (modules/auth/purge.ts), so it never scans the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('sessions_created_at').on('sessions').column('created_at').execute();
  await db.schema.createIndex('tokens_expires_at').on('tokens').column('expires_at').execute();
  await db.schema
    .createIndex('rate_limits_window_ends_at')
    .on('rate_limits')
    .column('window_ends_at')
    .execute();
}
