import type { Kysely } from 'kysely';

/**
 * API tokens (docs/decisions.md, "Integrations: API tokens"): personal tokens belong to a
 * member (and go with them), service tokens to no one, playing `role` (staff, or client
 * user of `client_id`). Only the secret's SHA-256 is kept. Revoking deletes the row, and
 * every request looks its token up here, so a revoked token stops at once on every
 * instance. Same SQL on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('role', 'text')
    // A client deleted from under its service tokens takes them along.
    .addColumn('client_id', 'text', (c) => c.references('clients.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('last_used_address', 'text')
    .execute();
  await db.schema.createIndex('api_tokens_user_id').on('api_tokens').column('user_id').execute();
  await db.schema
    .createIndex('api_tokens_expires_at')
    .on('api_tokens')
    .column('expires_at')
    .execute();
}
