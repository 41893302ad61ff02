import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Fixed-window counters kept in the database, so every app instance behind a load
 * balancer sees the same count.
 */
export const rateLimitRepo = {
  /**
   * Counts one attempt and returns the count including it, in one atomic statement: of
   * any number of concurrent attempts (on any instance) each gets its own number, so a
   * burst cannot slip past the limit between a read and a write. A window that has
   * ended starts again at 1.
   */
  async hit(db: Kysely<Database>, key: string, now: string, windowEndsAt: string): Promise<number> {
    const row = await db
      .insertInto('rate_limits')
      .values({ key, count: 1, window_ends_at: windowEndsAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => {
          const ended = eb('rate_limits.window_ends_at', '<=', now);
          return {
            count: eb
              .case()
              .when(ended)
              .then(eb.lit(1))
              .else(eb('rate_limits.count', '+', 1))
              .end(),
            window_ends_at: eb
              .case()
              .when(ended)
              .then(eb.ref('excluded.window_ends_at'))
              .else(eb.ref('rate_limits.window_ends_at'))
              .end(),
          };
        }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** Takes back one counted attempt (one that turned out to be a success). */
  async release(db: Kysely<Database>, key: string): Promise<void> {
    await db
      .updateTable('rate_limits')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', key)
      .where('count', '>', 0)
      .execute();
  },

  async clear(db: Kysely<Database>, key: string): Promise<void> {
    await db.deleteFrom('rate_limits').where('key', '=', key).execute();
  },

  async deleteExpired(db: Kysely<Database>, now: string): Promise<void> {
    await db.deleteFrom('rate_limits').where('window_ends_at', '<=', now).execute();
  },
};
