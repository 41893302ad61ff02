import type { Kysely } from 'kysely';
import { createIndexes, createTable } from './table-builder.ts';

/**
 * API tokens (docs/decisions.md, "Integrations: API tokens"): personal tokens belong to a
 * member (and go with them), service tokens to no one, playing `role` (staff, or client
 * user of `client_id`). Only the secret's SHA-256 is kept. Revoking deletes the row, and
 * every request looks its token up here, so a revoked token stops at once on every
 * instance. Same SQL on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'api_tokens')`
    id text primary key,
    token_hash text not null unique,
    name text not null,
    kind text not null,
    user_id text references users.id on delete cascade,
    role text,
    -- A client deleted from under its service tokens takes them along.
    client_id text references clients.id on delete cascade,
    scope text not null,
    created_at text not null,
    expires_at text,
    last_used_at text,
    last_used_address text
  `;
  await createIndexes(db, 'api_tokens', {
    api_tokens_user_id: ['user_id'],
    api_tokens_expires_at: ['expires_at'],
  });
}
