import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app.ts';
import { seedDatabase } from './run.ts';
import { unlistedWords } from '../../../../test/helpers/search-words.ts';

const t = useTestApp();

/** Every index and constraint of the tables a seed fills, as the engine describes them. */
async function schemaOfSeededTables(): Promise<string[]> {
  if (t.app.dialect === 'postgres') {
    const { rows } = await sql<{ what: string }>`
      SELECT indexdef AS what FROM pg_indexes
      WHERE schemaname = current_schema()
        AND tablename IN ('items', 'item_search', 'labels', 'item_components')
      UNION ALL
      SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
      FROM pg_constraint
      WHERE conrelid::regclass::text IN ('items', 'item_search', 'labels', 'item_components')
      UNION ALL
      SELECT pg_get_triggerdef(oid) FROM pg_trigger
      WHERE tgrelid = to_regclass('item_search') AND NOT tgisinternal
      ORDER BY 1`.execute(t.app.db);
    return rows.map((r) => r.what);
  }
  const { rows } = await sql<{ what: string }>`
    SELECT type || ' ' || name || ' ' || coalesce(sql, '') AS what FROM sqlite_master
    WHERE tbl_name IN ('items', 'item_search', 'labels', 'item_components', 'item_fts')
    ORDER BY 1`.execute(t.app.db);
  return rows.map((r) => r.what);
}

async function itemCount(): Promise<number> {
  const row = await t.app.db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('seed: the bulk load (docs/decisions.md, "A million items")', () => {
  it('a load that fails part-way leaves the database as it was: no rows, every index, key and trigger', async () => {
    const before = await schemaOfSeededTables();
    // The line announcing the rebuild comes after the last batch, while the indexes and
    // foreign keys are still dropped (item progress goes to the progress bar, not the log).
    const failing = (line: string) => {
      if (/^ {2}building \d+ indexes/.test(line)) throw new Error('the disk is full');
    };
    await expect(
      seedDatabase(t.database.handle, { items: 300, seed: 3, reset: false }, { log: failing }),
    ).rejects.toThrow('the disk is full');
    expect(await itemCount()).toBe(0);
    expect(await schemaOfSeededTables()).toEqual(before);
  });

  it('leaves every index, foreign key and trigger it found, and they hold the seeded rows', async () => {
    const before = await schemaOfSeededTables();
    expect(before.length).toBeGreaterThan(10);
    const lines: string[] = [];
    await seedDatabase(
      t.database.handle,
      { items: 300, seed: 3, reset: false },
      { log: (l) => lines.push(l) },
    );
    expect(await itemCount()).toBe(300);
    expect(await schemaOfSeededTables()).toEqual(before);
    if (t.app.dialect === 'sqlite') {
      expect(lines).toContainEqual(
        expect.stringMatching(/^ {2}building \d+ indexes, \d+ triggers and 2 full-text tables/),
      );
      // The full-text index was refilled in one pass: it holds every seeded document.
      const { rows } = await sql<{ n: number }>`
        SELECT count(*) AS n FROM item_fts WHERE item_fts MATCH 'status : "crate"'`.execute(
        t.app.db,
      );
      const crates = await t.app.db
        .selectFrom('items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'Crate')
        .executeTakeFirstOrThrow();
      expect(Number(rows[0]!.n)).toBe(Number(crates.n));
      expect(Number(crates.n)).toBeGreaterThan(0);
      // Every full-text table (the names-only one of migration 025 too) matches its content:
      // FTS5's integrity check with rank 1 compares the index with item_search row by row.
      for (const fts of ['item_fts', 'item_name_fts']) {
        await sql`INSERT INTO ${sql.id(fts)}(${sql.id(fts)}, rank) VALUES ('integrity-check', 1)`.execute(
          t.app.db,
        );
      }
    }
    if (t.app.dialect === 'postgres') {
      expect(lines).toContainEqual(
        expect.stringMatching(
          /^ {2}building \d+ indexes, \d+ foreign keys, 2 triggers and 1 list of words/,
        ),
      );
      // The list of the documents' words (migration 033) was filled in one pass.
      expect((await unlistedWords(t.app.db)).unlisted).toEqual([]);
      expect(before.filter((line) => line.startsWith('CREATE TRIGGER'))).toHaveLength(2);
      // The foreign keys are checked again when made: a label of a missing item is refused.
      await expect(
        t.app.db
          .insertInto('labels')
          .values({
            id: 'ZZZZZZZZ',
            item_id: 'no-such-item',
            name: null,
            created_at: '2026-01-01T00:00:00.000Z',
            updated_at: '2026-01-01T00:00:00.000Z',
          })
          .execute(),
      ).rejects.toThrow(/foreign key/);
    }
  });
});
