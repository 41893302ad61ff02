import type { Kysely } from 'kysely';
import { createIndexes, createTable } from './table-builder.ts';

/**
 * Sign-ins with the identity provider that have left for it and not come back yet
 * (docs/decisions.md, "Single sign-on"): the PKCE verifier and nonce of each, found by the
 * hash of its `state`. In the database, not in memory or a cookie, so the callback may
 * land on any app instance and each state is spent exactly once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'sso_logins')`
    state_hash text primary key,
    code_verifier text not null,
    nonce text not null,
    return_to text not null,
    created_at text not null,
    expires_at text not null
  `;
  await createIndexes(db, 'sso_logins', { sso_logins_expires_at: ['expires_at'] });
}
