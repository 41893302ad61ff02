import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from './schema.ts';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  TEST_ENGINE,
  type TestDatabase,
} from '../../../test/helpers/database.ts';
import { compiledOnce } from './compiled-query.ts';

// Two clients, one with quotes and a semicolon in its name, are all these queries read.
const database: TestDatabase = await createTestDatabase();
const now = new Date().toISOString();
await database.handle.db
  .insertInto('clients')
  .values([
    { id: 'c1', name: 'Acme', created_at: now, updated_at: now },
    { id: 'c2', name: "O'Brien; DROP TABLE clients", created_at: now, updated_at: now },
  ])
  .execute();
afterAll(() => database.drop());

describe('compiledOnce', () => {
  it('refuses a build that puts an argument into the query text instead of binding it', async () => {
    const inlined = compiledOnce((db, id: string) =>
      db
        .selectFrom('clients')
        .select('id')
        .where(sql.raw<SqlBool>(`id = '${id}'`)),
    );
    await expect(inlined(database.handle.db, 'c1')).rejects.toThrow(/inlined/);
  });

  it('refuses a build that uses an argument for the query shape, not as a parameter', async () => {
    const shaped = compiledOnce((db, column: string) =>
      db.selectFrom('clients').select(column === 'id' ? 'id' : 'name'),
    );
    await expect(shaped(database.handle.db, 'id')).rejects.toThrow(/not a parameter/);
  });

  it('binds each call its own arguments, constants staying as built', async () => {
    const byName = compiledOnce((db, name: string, id: string) =>
      db
        .selectFrom('clients')
        .select(['id', 'name'])
        .where((eb) => eb.or([eb('name', '=', name), eb('id', '=', id)]))
        .where('id', '!=', 'nobody')
        .orderBy('id'),
    );
    const db = database.handle.db;
    expect(await byName(db, 'Acme', 'none')).toEqual([{ id: 'c1', name: 'Acme' }]);
    expect(await byName(db, "O'Brien; DROP TABLE clients", 'none')).toEqual([
      { id: 'c2', name: "O'Brien; DROP TABLE clients" },
    ]);
    expect(await byName(db, 'nobody', 'c1')).toEqual([{ id: 'c1', name: 'Acme' }]);
    // Inside a transaction too (same engine, same text).
    const inTransaction = await db.transaction().execute((trx) => byName(trx, 'x', 'c2'));
    expect(inTransaction).toEqual([{ id: 'c2', name: "O'Brien; DROP TABLE clients" }]);
  });

  it.runIf(TEST_ENGINE === 'postgres')(
    'runs as a named prepared statement on PostgreSQL, planned once per connection',
    async () => {
      const build = (db: Kysely<Database>, id: string) =>
        db.selectFrom('clients').select('name').where('id', '=', id);
      const byId = compiledOnce(build);
      const byIdText = () => build(database.handle.db, 'x').compile().sql;
      // A transaction keeps one connection, whose prepared statements the view lists.
      const prepared = await database.handle.db.transaction().execute(async (trx) => {
        await byId(trx, 'c1');
        expect(await byId(trx, 'c2')).toEqual([{ name: "O'Brien; DROP TABLE clients" }]);
        const { rows } = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements`.execute(trx);
        return rows.map((r) => r.statement);
      });
      const text = byIdText();
      expect(prepared.filter((s) => s === text)).toHaveLength(1);
    },
  );
});

/**
 * Another instance's migration or an operator's ALTER can change the type of a column a
 * prepared statement selects; PostgreSQL then refuses that statement on the connection that
 * prepared it ("cached plan must not change result type"), on every run until it is prepared
 * again (pg-prepared.ts).
 */
describe.runIf(TEST_ENGINE === 'postgres')('compiledOnce after a schema change', () => {
  const db = () => database.handle.db;
  // Through the pool, so on another connection than the one a test keeps.
  const changeNameType = (type: 'varchar(300)' | 'text') =>
    sql`alter table clients alter column name type ${sql.raw(type)}`.execute(db());

  it('fails the statement once inside a transaction, then runs on the same connection', async () => {
    const nameById = compiledOnce((db, id: string) =>
      db.selectFrom('clients').select(['name']).where('id', '=', id),
    );
    await db()
      .connection()
      .execute(async (connection) => {
        expect(await nameById(connection, 'c1')).toEqual([{ name: 'Acme' }]);
        await changeNameType('varchar(300)');
        await expect(
          connection.transaction().execute((trx) => nameById(trx, 'c1')),
        ).rejects.toMatchObject({ code: '0A000' });
        expect(await nameById(connection, 'c1')).toEqual([{ name: 'Acme' }]);
      });
    await changeNameType('text');
  });

  it('returns what the unnamed query returns, also after a selected column changed type', async () => {
    const build = (db: Kysely<Database>, id: string) =>
      db.selectFrom('clients').select(['id', 'name']).where('id', '!=', id).orderBy('id');
    const others = compiledOnce(build);
    await db()
      .connection()
      .execute(async (connection) => {
        const unnamed = await build(connection, 'c1').execute();
        expect(unnamed).toEqual([{ id: 'c2', name: "O'Brien; DROP TABLE clients" }]);
        expect(await others(connection, 'c1')).toEqual(unnamed);
        await changeNameType('varchar(300)');
        expect(await others(connection, 'c1')).toEqual(unnamed);
        await changeNameType('text');
        expect(await others(connection, 'c1')).toEqual(unnamed);
      });
  });
});
