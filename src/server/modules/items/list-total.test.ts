import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonymous, useTestApp } from '../../../../test/helpers/app.ts';
import { LIST_TOTAL_CAP } from '../../../common/search.ts';
import type { ItemPage } from '../../../common/schemas/item.ts';

const t = useTestApp();
const [staff, client] = t.signIn('staff', 'client');
const call = t.caller('/api/inventory');

/**
 * `count` items of one type with their search documents, written by one statement each
 * (ten thousand items through the API would take minutes on a shared machine).
 */
async function bulkItems(prefix: string, count: number, status: string): Promise<void> {
  const at = '2026-01-01T00:00:00.000Z';
  await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${sql.lit(count)})
    INSERT INTO items (id, name, status, created_at, updated_at)
    SELECT ${prefix} || i, ${`${prefix} `} || i, ${status}, ${at}, ${at} FROM n`.execute(t.app.db);
  await sql`INSERT INTO item_search (item_id, name, status)
    SELECT id, lower(name), lower(status) FROM items WHERE id LIKE ${`${prefix}%`}`.execute(
    t.app.db,
  );
}

const page = async (session: typeof staff, query: string) => {
  const res = await call(session, 'GET', `/items?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as ItemPage;
};

describe('GET /api/inventory/items?limit=: the total of a list past LIST_TOTAL_CAP', () => {
  beforeAll(async () => {
    // Exactly the cap of bins, and one crate more: the whole list is past the cap.
    await bulkItems('bin', LIST_TOTAL_CAP, 'Bin');
    await bulkItems('crate', 1, 'Crate');
  });

  it('is 401 for anonymous visitors, and a client user sees only their own count', async () => {
    expect((await call(anonymous, 'GET', '/items?limit=5')).statusCode).toBe(401);
    await t.build.item({ name: 'Own', client_id: client.member!.client_id });
    expect(await page(client, 'limit=5')).toMatchObject({ total: 1, total_capped: false });
  });

  it('says "at least the cap" when more items match, and still pages on', async () => {
    const first = await page(staff, 'limit=50');
    expect(first).toMatchObject({ total: LIST_TOTAL_CAP, total_capped: true });
    expect(first.items).toHaveLength(50);
    const next = await page(staff, `limit=50&cursor=${first.next_cursor}`);
    expect(next.items).toHaveLength(50);
    expect(next).toMatchObject({ total: LIST_TOTAL_CAP, total_capped: true });
    expect(next.items[0]!.id).not.toBe(first.items[0]!.id);
  });

  it('is exact up to the cap itself, also through a filter', async () => {
    expect(await page(staff, 'limit=5&status=Bin')).toMatchObject({
      total: LIST_TOTAL_CAP,
      total_capped: false,
    });
    expect(await page(staff, 'limit=5&status=Crate')).toMatchObject({
      total: 1,
      total_capped: false,
    });
    expect(await page(staff, 'limit=5&status=Bin&status=Crate')).toMatchObject({
      total: LIST_TOTAL_CAP,
      total_capped: true,
    });
  });

  it('leaves the unpaged list whole', async () => {
    const res = await call(staff, 'GET', '/items');
    expect((res.json() as unknown[]).length).toBe(LIST_TOTAL_CAP + 2);
  });
});
