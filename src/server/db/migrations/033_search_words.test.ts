import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestDatabase, TEST_ENGINE } from '../../../../test/helpers/database.ts';
import { knownMigrations, migrateToLatest } from '../migrate.ts';

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

const now = new Date().toISOString();
const item = (id: string) => ({ id, name: id, created_at: now, updated_at: now });
const words = async (db: AnyDb) =>
  (await sql<{ word: string }>`SELECT word FROM search_words ORDER BY word`.execute(db)).rows.map(
    (r) => r.word,
  );

describe.skipIf(TEST_ENGINE !== 'postgres')(
  'migration 033 (the words of the search documents)',
  () => {
    it('lists the words of the documents already there, and of each one written after', async () => {
      const database = await createTestDatabase({ migrate: false });
      try {
        const before = knownMigrations().filter((m) => m < '033_search_words');
        await migrateToLatest(database.handle, new Set(before));
        const db = database.handle.db as unknown as AnyDb;
        await db
          .insertInto('items')
          .values([item('a'), item('b'), item('c')])
          .execute();
        await db
          .insertInto('item_search')
          .values({ item_id: 'a', name: 'wombat crate', note: 'kept  dry' })
          .execute();

        await migrateToLatest(database.handle);
        // Split at each space, as `doc` joins its fields: empty pieces are no words.
        expect(await words(db)).toEqual(['crate', 'dry', 'kept', 'wombat']);

        // An insert, an update, and an upsert that inserts one row and updates another.
        await db.insertInto('item_search').values({ item_id: 'b', name: 'quokka' }).execute();
        await db
          .updateTable('item_search')
          .set({ note: 'numbat' })
          .where('item_id', '=', 'a')
          .execute();
        await db
          .insertInto('item_search')
          .values([
            { item_id: 'a', name: 'bilby 50%_off' },
            { item_id: 'c', name: 'dingo' },
          ])
          .onConflict((oc) =>
            oc.column('item_id').doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })),
          )
          .execute();
        expect(await words(db)).toEqual(
          // Words are only added: "wombat" stays though no document holds it now.
          ['50%_off', 'bilby', 'crate', 'dingo', 'dry', 'kept', 'numbat', 'quokka', 'wombat'],
        );
        // Each word once, however many documents hold it.
        await db.insertInto('items').values(item('d')).execute();
        await db.insertInto('item_search').values({ item_id: 'd', name: 'quokka dingo' }).execute();
        expect(await words(db)).toHaveLength(9);
      } finally {
        await database.drop();
      }
    });

    it('lets two transactions add the same new word without waiting for each other', async () => {
      // With a unique key, the second insert of a word waits for the first transaction to end
      // (and two adding two words in opposite orders deadlock).
      const database = await createTestDatabase();
      try {
        const db = database.handle.db as unknown as AnyDb;
        await db
          .insertInto('items')
          .values([item('x'), item('y')])
          .execute();
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let firstWrote!: () => void;
        const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
        const first = db.transaction().execute(async (trx) => {
          await trx.insertInto('item_search').values({ item_id: 'x', name: 'platypus' }).execute();
          firstWrote();
          await held;
        });
        await wrote;
        const second = db
          .insertInto('item_search')
          .values({ item_id: 'y', name: 'platypus' })
          .execute()
          .then(() => 'written');
        const waited = new Promise((resolve) => setTimeout(() => resolve('waited'), 3000));
        const outcome = await Promise.race([second, waited]);
        release();
        await Promise.all([first, second]);
        expect(outcome).toBe('written');
        expect((await words(db)).filter((w) => w === 'platypus').length).toBeGreaterThanOrEqual(1);
      } finally {
        await database.drop();
      }
    });
  },
);
