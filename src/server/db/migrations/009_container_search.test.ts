import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestDatabase } from '../../../../test/helpers/database.ts';
import { knownMigrations, migrateToLatest } from '../migrate.ts';

describe('migration 009 (container names in the search documents)', () => {
  it('fills in the container name of items already inside something', async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      // The database as it was before 009 (later ones, such as 025's triggers over
      // container_name, assume it).
      const before = knownMigrations().filter((m) => m < '009_container_search');
      await migrateToLatest(database.handle, new Set(before));
      const db = database.handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const now = new Date().toISOString();
      await db
        .insertInto('items')
        .values([
          { id: 'crate1', name: 'Crème crate', created_at: now, updated_at: now },
          { id: 'inside1', name: 'Lamp', container_id: 'crate1', created_at: now, updated_at: now },
        ])
        .execute();
      await db
        .insertInto('item_search')
        .values([
          { item_id: 'crate1', name: 'creme crate' },
          { item_id: 'inside1', name: 'lamp' },
        ])
        .execute();

      await migrateToLatest(database.handle);
      const rows = await sql<{ item_id: string; container_name: string | null; doc: string }>`
        SELECT item_id, container_name, doc FROM item_search ORDER BY item_id`.execute(db);
      expect(rows.rows).toEqual([
        expect.objectContaining({ item_id: 'crate1', container_name: null }),
        expect.objectContaining({ item_id: 'inside1', container_name: 'creme crate' }),
      ]);
      expect(rows.rows[1]!.doc).toContain('creme crate');
    } finally {
      await database.drop();
    }
  });
});
