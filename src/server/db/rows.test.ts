import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database.ts';
import { deleteRows, findRow, hasRow, insertIfAbsent, updateRows } from './rows.ts';

// Idempotency keys: a composite key (user_key, key) and nullable columns to guard on.
const database: TestDatabase = await createTestDatabase();
const db = database.handle.db;
afterAll(() => database.drop());

const claim = (userKey: string, key: string) => ({
  user_key: userKey,
  key,
  fingerprint: `${userKey}:${key}`,
  status: null,
  body: null,
  created_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2026-01-02T00:00:00.000Z',
});

const allKeys = () =>
  db.selectFrom('idempotency_keys').select(['user_key', 'key', 'status']).orderBy('key').execute();

beforeEach(async () => {
  await db.deleteFrom('idempotency_keys').execute();
  await db
    .insertInto('idempotency_keys')
    .values([claim('u1', 'a'), claim('u1', 'b')])
    .execute();
});

describe('rows by key', () => {
  it('refuses a key without a value, or with none at all, and changes nothing', async () => {
    const before = await allKeys();
    const lost = { user_key: 'u1', key: undefined as unknown as string };
    await expect(updateRows(db, 'idempotency_keys', lost, { status: 500 })).rejects.toThrow(
      /without a value/,
    );
    await expect(deleteRows(db, 'idempotency_keys', {})).rejects.toThrow(/without a value/);
    await expect(findRow(db, 'idempotency_keys', lost)).rejects.toThrow(/without a value/);
    expect(await allKeys()).toEqual(before);
  });

  it('inserts a row once: a second insert of the same key is false and changes nothing', async () => {
    expect(
      await insertIfAbsent(db, 'idempotency_keys', claim('u2', 'a'), ['user_key', 'key']),
    ).toBe(true);
    const taken = { ...claim('u2', 'a'), fingerprint: 'another' };
    expect(await insertIfAbsent(db, 'idempotency_keys', taken, ['user_key', 'key'])).toBe(false);
    expect((await findRow(db, 'idempotency_keys', { user_key: 'u2', key: 'a' }))?.fingerprint).toBe(
      'u2:a',
    );
  });

  it('reads, tests, updates and deletes only the row of the whole key', async () => {
    expect(await hasRow(db, 'idempotency_keys', { user_key: 'u1', key: 'b' })).toBe(true);
    expect(await hasRow(db, 'idempotency_keys', { user_key: 'u2', key: 'b' })).toBe(false);
    expect(await findRow(db, 'idempotency_keys', { user_key: 'u1', key: 'c' })).toBeUndefined();
    expect(
      await updateRows(db, 'idempotency_keys', { user_key: 'u1', key: 'a' }, { status: 201 }),
    ).toBe(1);
    await deleteRows(db, 'idempotency_keys', { user_key: 'u1', key: 'b' });
    expect(await allKeys()).toEqual([{ user_key: 'u1', key: 'a', status: 201 }]);
  });

  it('takes null in a key as IS NULL, so a guard on the row state matches once', async () => {
    const unanswered = { user_key: 'u1', key: 'a', status: null };
    expect(await updateRows(db, 'idempotency_keys', unanswered, { status: 200 })).toBe(1);
    expect(await updateRows(db, 'idempotency_keys', unanswered, { status: 409 })).toBe(0);
    expect((await findRow(db, 'idempotency_keys', { user_key: 'u1', key: 'a' }))?.status).toBe(200);
  });
});
