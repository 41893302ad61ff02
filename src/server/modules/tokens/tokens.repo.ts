import type { Insertable, Kysely } from 'kysely';
import { updateRows } from '../../db/rows.ts';
import type { ApiTokensTable, Database } from '../../db/schema.ts';
import { compiledOnce } from '../../db/compiled-query.ts';

/** The token's own columns that both its list rows and the bearer lookup read. */
const TOKEN_FIELDS = [
  'api_tokens.id',
  'api_tokens.name',
  'api_tokens.kind',
  'api_tokens.scope',
  'api_tokens.role',
  'api_tokens.expires_at',
  'api_tokens.last_used_at',
  'api_tokens.last_used_address',
] as const;

/** A token as its lists show it, with its client's name. */
function tokensWithClientNames(db: Kysely<Database>) {
  return db
    .selectFrom('api_tokens')
    .leftJoin('clients', 'clients.id', 'api_tokens.client_id')
    .select([
      ...TOKEN_FIELDS,
      'api_tokens.client_id',
      'api_tokens.created_at',
      'clients.name as client_name',
    ]);
}
export type TokenListRow = Awaited<
  ReturnType<ReturnType<typeof tokensWithClientNames>['executeTakeFirstOrThrow']>
>;

/**
 * The token behind a bearer secret, with its member for a personal token: one indexed
 * read on every token request (built once, like the session lookup), so revocation and
 * a member's role change take effect on the next request, on every instance.
 */
const tokenWithMember = compiledOnce((db: Kysely<Database>, tokenHash: string) =>
  db
    .selectFrom('api_tokens')
    .leftJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      ...TOKEN_FIELDS,
      'api_tokens.client_id as token_client_id',
      'users.id as user_id',
      'users.email',
      'users.is_admin',
      'users.client_id',
      'users.email_verified_at',
    ])
    .where('api_tokens.token_hash', '=', tokenHash),
);
export type TokenWithMember = Awaited<ReturnType<typeof tokenWithMember>>[number];

export const tokensRepo = {
  async insert(db: Kysely<Database>, row: Insertable<ApiTokensTable>): Promise<void> {
    await db.insertInto('api_tokens').values(row).execute();
  },

  async findByHash(db: Kysely<Database>, tokenHash: string): Promise<TokenWithMember | undefined> {
    return (await tokenWithMember(db, tokenHash))[0];
  },

  async findListed(db: Kysely<Database>, id: string): Promise<TokenListRow | undefined> {
    return tokensWithClientNames(db).where('api_tokens.id', '=', id).executeTakeFirst();
  },

  /** A member's personal tokens, or every service token (`userId` null), newest first. */
  async list(db: Kysely<Database>, userId: string | null): Promise<TokenListRow[]> {
    const query = tokensWithClientNames(db);
    return (
      userId === null
        ? query.where('api_tokens.kind', '=', 'service')
        : query.where('api_tokens.kind', '=', 'personal').where('api_tokens.user_id', '=', userId)
    )
      .orderBy('api_tokens.created_at', 'desc')
      .orderBy('api_tokens.id')
      .execute();
  },

  /**
   * Deletes a member's personal token (`userId`) or a service token (`userId` null);
   * the deleted row, or undefined when there was none of that kind and owner.
   */
  async delete(db: Kysely<Database>, id: string, userId: string | null) {
    let query = db.deleteFrom('api_tokens').where('id', '=', id);
    query =
      userId === null
        ? query.where('kind', '=', 'service')
        : query.where('kind', '=', 'personal').where('user_id', '=', userId);
    return query.returning(['id', 'name', 'kind']).executeTakeFirst();
  },

  /** Last use, written at most once a minute unless the address changed. */
  async touch(db: Kysely<Database>, id: string, now: string, address: string): Promise<void> {
    await updateRows(db, 'api_tokens', { id }, { last_used_at: now, last_used_address: address });
  },

  async deleteExpired(db: Kysely<Database>, now: string): Promise<void> {
    await db
      .deleteFrom('api_tokens')
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', now)
      .execute();
  },
};
