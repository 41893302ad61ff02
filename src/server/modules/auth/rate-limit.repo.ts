import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Fixed-window counters kept in the database, so every app instance behind a load
 * balancer sees the same count.
 */
export const rateLimitRepo = {
  async current(db: Kysely<Database>, key: string, now: string): Promise<number> {
    const row = await db
      .selectFrom('rate_limits')
      .select(['count', 'window_ends_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    return row && row.window_ends_at > now ? row.count : 0;
  },

  async increment(
    db: Kysely<Database>,
    key: string,
    now: string,
    windowEndsAt: string,
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('rate_limits')
        .select(['count', 'window_ends_at'])
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row) {
        await trx
          .insertInto('rate_limits')
          .values({ key, count: 1, window_ends_at: windowEndsAt })
          .onConflict((oc) =>
            oc.column('key').doUpdateSet((eb) => ({ count: eb('rate_limits.count', '+', 1) })),
          )
          .execute();
      } else if (row.window_ends_at <= now) {
        await trx
          .updateTable('rate_limits')
          .set({ count: 1, window_ends_at: windowEndsAt })
          .where('key', '=', key)
          .execute();
      } else {
        await trx
          .updateTable('rate_limits')
          .set((eb) => ({ count: eb('count', '+', 1) }))
          .where('key', '=', key)
          .execute();
      }
    });
  },

  async clear(db: Kysely<Database>, key: string): Promise<void> {
    await db.deleteFrom('rate_limits').where('key', '=', key).execute();
  },
};
