import type { Kysely } from 'kysely';
import { createIndexes } from './table-builder.ts';

/**
 * Indexes for the periodic purge of expired sessions, tokens and rate-limit windows
 * (modules/auth/purge.ts), so it never scans the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createIndexes(db, 'sessions', {
    sessions_expires_at: ['expires_at'],
    sessions_created_at: ['created_at'],
  });
  await createIndexes(db, 'tokens', { tokens_expires_at: ['expires_at'] });
  await createIndexes(db, 'rate_limits', { rate_limits_window_ends_at: ['window_ends_at'] });
}
