import type { Kysely } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../../db/schema.ts';

export type IdempotencyRow = IdempotencyKeysTable;

/** Stored idempotency keys and their first answers; see idempotency.service.ts. */
export const idempotencyRepo = {
  /**
   * Claims a key for a request about to run. The primary key makes the claim atomic across
   * connections and app instances: of two concurrent claims exactly one inserts the row.
   */
  async claim(db: Kysely<Database>, row: IdempotencyRow): Promise<boolean> {
    const result = await db
      .insertInto('idempotency_keys')
      .values(row)
      .onConflict((oc) => oc.columns(['user_key', 'key']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  async find(
    db: Kysely<Database>,
    userKey: string,
    key: string,
  ): Promise<IdempotencyRow | undefined> {
    return db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_key', '=', userKey)
      .where('key', '=', key)
      .executeTakeFirst();
  },

  async complete(
    db: Kysely<Database>,
    userKey: string,
    key: string,
    answer: { status: number; body: string },
  ): Promise<void> {
    await db
      .updateTable('idempotency_keys')
      .set(answer)
      .where('user_key', '=', userKey)
      .where('key', '=', key)
      .execute();
  },

  /**
   * Removes one claim exactly as it was read (same creation time), so a claim that someone
   * else has meanwhile replaced is left alone.
   */
  async drop(db: Kysely<Database>, row: IdempotencyRow): Promise<void> {
    await db
      .deleteFrom('idempotency_keys')
      .where('user_key', '=', row.user_key)
      .where('key', '=', row.key)
      .where('created_at', '=', row.created_at)
      .execute();
  },

  async purgeExpired(db: Kysely<Database>, now: string): Promise<number> {
    const result = await db
      .deleteFrom('idempotency_keys')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
