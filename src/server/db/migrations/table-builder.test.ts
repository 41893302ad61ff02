import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  TEST_ENGINE,
  type TestDatabase,
} from '../../../../test/helpers/database.ts';
import { addColumns, createTable } from './table-builder.ts';

let database: TestDatabase;
let db: Kysely<unknown>;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  db = database.handle.db as unknown as Kysely<unknown>;
});
afterAll(() => database.drop());

const tableNames = async () => {
  const { rows } =
    TEST_ENGINE === 'sqlite'
      ? await sql<{ name: string }>`
          SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'probe%'`.execute(db)
      : await sql<{ name: string }>`
          SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_name LIKE 'probe%'`.execute(db);
  return rows.map((r) => r.name).sort();
};

describe('the frozen table builder of the migrations', () => {
  it('refuses a word it does not know, and creates nothing', async () => {
    await expect(createTable(db, 'probe')`id text primary key, name text not nul`).rejects.toThrow(
      'Unknown column definition: name text not nul',
    );
    await expect(createTable(db, 'probe')`id text, primary key id`).rejects.toThrow(
      'Unknown column definition: primary key id',
    );
    expect(await tableNames()).toEqual([]);
  });

  it('refuses words out of their order rather than reading them another way', async () => {
    await createTable(db, 'probe_order')`id text primary key`;
    await expect(addColumns(db, 'probe_order')`n integer default 0 not null`).rejects.toThrow(
      'Unknown column definition: n integer default 0 not null',
    );
    expect(await tableNames()).toEqual(['probe_order']);
  });
});
