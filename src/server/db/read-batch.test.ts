import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database.ts';
import { inOneTransaction } from './one-transaction.ts';
import { batchedReads } from './read-batch.ts';
import type { Database } from './schema.ts';

// Clients read by id, grouped by a name prefix the reader may see: each group stands for
// a caller's scope, as the item GET's client scope does.
const database: TestDatabase = await createTestDatabase();
const db = database.handle.db;
const now = new Date().toISOString();
await db
  .insertInto('clients')
  .values([
    { id: 'a1', name: 'Acme one', created_at: now, updated_at: now },
    { id: 'a2', name: 'Acme two', created_at: now, updated_at: now },
    { id: 'b1', name: 'Bolt one', created_at: now, updated_at: now },
  ])
  .execute();
afterAll(() => database.drop());

/** The reader, counting its queries: one by key, and many keys at once. */
function countedReader() {
  const queries: Array<{ group: string | null; keys: string[] }> = [];
  const visible = (q: Kysely<Database>, group: string | null) =>
    q
      .selectFrom('clients')
      .select(['id', 'name'])
      .where('name', 'like', `${group ?? ''}%`);
  const read = batchedReads(
    async (q, group, key) => {
      queries.push({ group, keys: [key] });
      return visible(q, group).where('id', '=', key).executeTakeFirst();
    },
    async (q, group, keys) => {
      queries.push({ group, keys });
      const rows = await visible(q, group).where('id', 'in', keys).execute();
      return new Map(rows.map((row) => [row.id, row]));
    },
  );
  return { read, queries };
}

describe('batchedReads', () => {
  it('never answers a read with another group: each group is its own query', async () => {
    const { read, queries } = countedReader();
    const [boltAsAcme, boltAsBolt, acmeAsBolt] = await Promise.all([
      read(db, 'Acme', 'b1'),
      read(db, 'Bolt', 'b1'),
      read(db, 'Bolt', 'a1'),
    ]);
    expect(boltAsAcme).toBeUndefined();
    expect(acmeAsBolt).toBeUndefined();
    expect(boltAsBolt).toEqual({ id: 'b1', name: 'Bolt one' });
    expect(queries).toHaveLength(2);
  });

  it('reads inside a transaction at once, in it: they see its own writes', async () => {
    const { read, queries } = countedReader();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('clients')
        .values({ id: 'a3', name: 'Acme three', created_at: now, updated_at: now })
        .execute();
      const [inside, outside] = await Promise.all([
        read(trx, 'Acme', 'a3'),
        read(trx, 'Acme', 'a1'),
      ]);
      expect(inside?.name).toBe('Acme three');
      expect(outside?.name).toBe('Acme one');
      await trx.deleteFrom('clients').where('id', '=', 'a3').execute();
    });
    expect(queries).toEqual([
      { group: 'Acme', keys: ['a3'] },
      { group: 'Acme', keys: ['a1'] },
    ]);
    // inOneTransaction() holding its connection: the same.
    await inOneTransaction(async () => {
      await db
        .transaction()
        .execute((trx) =>
          trx
            .insertInto('clients')
            .values({ id: 'a4', name: 'Acme four', created_at: now, updated_at: now })
            .execute(),
        );
      const [four, one] = await Promise.all([read(db, 'Acme', 'a4'), read(db, 'Acme', 'a1')]);
      expect(four?.name).toBe('Acme four');
      expect(one?.name).toBe('Acme one');
      await db.deleteFrom('clients').where('id', '=', 'a4').execute();
    });
    expect(queries).toHaveLength(4);
  });

  it("answers one turn's reads of a group with one query, each its own row", async () => {
    const { read, queries } = countedReader();
    const rows = await Promise.all([
      read(db, 'Acme', 'a2'),
      read(db, 'Acme', 'a1'),
      read(db, 'Acme', 'a2'),
      read(db, 'Acme', 'nobody'),
    ]);
    expect(rows.map((row) => row?.name)).toEqual(['Acme two', 'Acme one', 'Acme two', undefined]);
    expect(queries).toEqual([{ group: 'Acme', keys: ['a2', 'a1', 'nobody'] }]);
    // The next turn is a new batch; a read alone takes the one-key query.
    expect(await read(db, 'Acme', 'a1')).toEqual({ id: 'a1', name: 'Acme one' });
    expect(queries[1]).toEqual({ group: 'Acme', keys: ['a1'] });
  });

  it('fails every read of a batch whose query failed, and the next batch reads again', async () => {
    let failing = true;
    const read = batchedReads(
      async () => undefined,
      async (q, _group, keys) => {
        if (failing) throw new Error('the database is gone');
        const rows = await q.selectFrom('clients').select('id').where('id', 'in', keys).execute();
        return new Map(rows.map((row) => [row.id, row]));
      },
    );
    const failed = await Promise.allSettled([read(db, null, 'a1'), read(db, null, 'b1')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    failing = false;
    const [a1, b1] = await Promise.all([read(db, null, 'a1'), read(db, null, 'b1')]);
    expect([a1?.id, b1?.id]).toEqual(['a1', 'b1']);
  });
});
