import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database.ts';
import { inOneTransaction } from './one-transaction.ts';

let database: TestDatabase;
// A table of our own: what is written here is all the test looks at.
let db: Kysely<{ probe: { name: string } }>;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db as never;
  await sql`create table probe (name text primary key)`.execute(db);
});
afterAll(() => database.drop());

const names = async () =>
  (await db.selectFrom('probe').select('name').orderBy('name').execute()).map((r) => r.name);
const write = (name: string) =>
  db.transaction().execute((trx) => trx.insertInto('probe').values({ name }).execute());
/** A transaction that writes and is then refused: rolled back. */
const refused = (name: string) =>
  expect(
    db.transaction().execute(async (trx) => {
      await trx.insertInto('probe').values({ name }).execute();
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');

describe('inOneTransaction', () => {
  it('rolls back every transaction of the call, the finished ones too, when the call fails', async () => {
    await db.deleteFrom('probe').execute();
    const failure = new Error('after the writes');
    await expect(
      inOneTransaction(async () => {
        await write('first');
        await write('second');
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await names()).toEqual([]);
  });

  it("undoes only a failed transaction's own work and commits the rest when the call ends", async () => {
    await db.deleteFrom('probe').execute();
    const result = await inOneTransaction(async () => {
      await write('kept');
      await refused('undone');
      // A plain query of the call runs in its transaction and sees its writes.
      await db.insertInto('probe').values({ name: 'plain' }).execute();
      return names();
    });
    expect(result).toEqual(['kept', 'plain']);
    expect(await names()).toEqual(['kept', 'plain']);
  });

  it('leaves transactions outside a call as they were', async () => {
    await db.deleteFrom('probe').execute();
    await write('alone');
    await refused('rolled back');
    // Work started in a call that has ended runs on its own connection again.
    let late: Promise<unknown> = Promise.resolve();
    await inOneTransaction(async () => {
      await write('in the call');
      late = new Promise((resolve) => setTimeout(resolve, 10)).then(() => write('late'));
    });
    await late;
    expect(await names()).toEqual(['alone', 'in the call', 'late']);
  });

  it("gives back nothing for a query of the call that ends after it: the call's connection was its to give", async () => {
    await db.deleteFrom('probe').execute();
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    let late: Promise<unknown> = Promise.resolve();
    await inOneTransaction(async () => {
      await write('in the call');
      // Begun on the call's connection, left running when the call ends.
      late = db.connection().execute(async (connection) => {
        await gate;
        return connection.selectFrom('probe').select('name').execute();
      });
    });
    // A transaction of its own holds the handle while the late query ends and is released.
    const slow = db.transaction().execute(async (trx) => {
      await trx.insertInto('probe').values({ name: 'slow' }).execute();
      letGo();
      await late;
      await new Promise((resolve) => setTimeout(resolve, 20));
      await trx.insertInto('probe').values({ name: 'slow, again' }).execute();
    });
    // Released twice, the connection (or SQLite's turn) went to this one while `slow` held it.
    const next = late.then(() => write('next'));
    await Promise.all([slow, next]);
    expect(await names()).toEqual(['in the call', 'next', 'slow', 'slow, again']);
  });
});
