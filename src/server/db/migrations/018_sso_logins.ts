import type { Kysely } from 'kysely';

/**
 * Sign-ins with the identity provider that have left for it and not come back yet
 * (docs/decisions.md, "Single sign-on"): the PKCE verifier and nonce of each, found by the
 * hash of its `state`. In the database, not in memory or a cookie, so the callback may
 * land on any app instance and each state is spent exactly once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sso_logins')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('return_to', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sso_logins_expires_at')
    .on('sso_logins')
    .column('expires_at')
    .execute();
}
