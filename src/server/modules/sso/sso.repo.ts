import type { Kysely } from 'kysely';
import type { Database, SsoLoginsTable } from '../../db/schema.ts';

export const ssoRepo = {
  async create(db: Kysely<Database>, login: SsoLoginsTable): Promise<void> {
    await db.insertInto('sso_logins').values(login).execute();
  },

  /**
   * Deletes and returns the waiting sign-in of this state, if it has not expired: a state
   * is spent by its first use, so a replayed callback finds nothing, on every instance.
   */
  async take(
    db: Kysely<Database>,
    stateHash: string,
    now: string,
  ): Promise<SsoLoginsTable | undefined> {
    return db
      .deleteFrom('sso_logins')
      .where('state_hash', '=', stateHash)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
  },

  async deleteExpired(db: Kysely<Database>, now: string): Promise<void> {
    await db.deleteFrom('sso_logins').where('expires_at', '<=', now).execute();
  },
};
