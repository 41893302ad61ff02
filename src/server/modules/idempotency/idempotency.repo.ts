import type { Kysely } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../../db/schema.ts';
import { deleteRows, findRow, insertIfAbsent, updateRows } from '../../db/rows.ts';

export type IdempotencyRow = IdempotencyKeysTable;

/** Stored idempotency keys and their first answers; see idempotency.service.ts. */
export const idempotencyRepo = {
  /**
   * Claims a key for a request about to run. The primary key makes the claim atomic across
   * connections and app instances: of two concurrent claims exactly one inserts the row.
   */
  claim: (db: Kysely<Database>, row: IdempotencyRow) =>
    insertIfAbsent(db, 'idempotency_keys', row, ['user_key', 'key']),

  find: (db: Kysely<Database>, userKey: string, key: string) =>
    findRow(db, 'idempotency_keys', { user_key: userKey, key }),

  async complete(
    db: Kysely<Database>,
    userKey: string,
    key: string,
    answer: { status: number; body: string },
  ): Promise<void> {
    await updateRows(db, 'idempotency_keys', { user_key: userKey, key }, answer);
  },

  /**
   * Removes one claim exactly as it was read (same creation time), so a claim that someone
   * else has meanwhile replaced is left alone.
   */
  async drop(db: Kysely<Database>, { user_key, key, created_at }: IdempotencyRow): Promise<void> {
    await deleteRows(db, 'idempotency_keys', { user_key, key, created_at });
  },

  async purgeExpired(db: Kysely<Database>, now: string): Promise<number> {
    const result = await db
      .deleteFrom('idempotency_keys')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
