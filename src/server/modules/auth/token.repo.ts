import type { Kysely } from 'kysely';
import type { Database, TokensTable } from '../../db/schema.ts';

export const tokenRepo = {
  async create(
    db: Kysely<Database>,
    row: {
      token_hash: string;
      user_id: string;
      purpose: TokensTable['purpose'];
      now: string;
      expires_at: string;
    },
  ): Promise<void> {
    await db
      .insertInto('tokens')
      .values({
        token_hash: row.token_hash,
        user_id: row.user_id,
        purpose: row.purpose,
        created_at: row.now,
        expires_at: row.expires_at,
        used_at: null,
      })
      .execute();
  },

  /** A token that is unused and unexpired, with its user's email. */
  async findUsable(
    db: Kysely<Database>,
    tokenHash: string,
    purpose: TokensTable['purpose'],
    now: string,
  ) {
    return db
      .selectFrom('tokens')
      .innerJoin('users', 'users.id', 'tokens.user_id')
      .select(['tokens.token_hash', 'tokens.user_id', 'users.email'])
      .where('tokens.token_hash', '=', tokenHash)
      .where('tokens.purpose', '=', purpose)
      .where('tokens.used_at', 'is', null)
      .where('tokens.expires_at', '>', now)
      .executeTakeFirst();
  },

  /** Marks it used only if still unused: of two racing requests, one wins. */
  async consume(db: Kysely<Database>, tokenHash: string, now: string): Promise<boolean> {
    const result = await db
      .updateTable('tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * Spends every unused token of the member (of one purpose, or all): after a reset or a
   * password change, a link mailed earlier must not set the password again.
   */
  async invalidateForUser(
    db: Kysely<Database>,
    userId: string,
    now: string,
    purpose?: TokensTable['purpose'],
  ): Promise<void> {
    let query = db
      .updateTable('tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null);
    if (purpose) query = query.where('purpose', '=', purpose);
    await query.execute();
  },

  /** Expired tokens, used or not, are never needed again. */
  async deleteExpired(db: Kysely<Database>, now: string): Promise<void> {
    await db.deleteFrom('tokens').where('expires_at', '<=', now).execute();
  },
};
