import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import {
  createTestApp,
  errorOf,
  injectAs,
  loginAs,
  type Session,
  type TestApp,
} from '../../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../../test/helpers/database.ts';
import { buildItem } from '../../../../test/factories/items.ts';
import { buildLocation } from '../../../../test/factories/locations.ts';
import { buildMember } from '../../../../test/factories/members.ts';
import type { ItemPage } from '../../../common/schemas/item.ts';
import { knownMigrations, migrateToLatest } from '../../db/migrate.ts';
import { deleteItem, updateItem } from './items.service.ts';

// Search by the container's name, and the home list's "Needs attention" filter.

let t: TestApp;
let staff: Session;
let client: Session;
const anonymous: Session = { member: null, headers: {} };

beforeAll(async () => {
  t = await createTestApp();
  staff = await loginAs(t.app, 'staff');
  client = await loginAs(t.app, 'client');
});
afterAll(async () => t.close());

async function list(session: Session, query: string) {
  const res = await injectAs(t.app, session, {
    method: 'GET',
    url: `/api/inventory/items?${query}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ItemPage;
}
const names = (page: ItemPage) => page.items.map((i) => i.name);
const searchRow = (id: string) =>
  t.app.db
    .selectFrom('item_search')
    .select(['container_name', 'doc'])
    .where('item_id', '=', id)
    .executeTakeFirstOrThrow();

describe('search by the container name', () => {
  it('finds what is inside a crate by the crate name, weighed like a location', async () => {
    const crate = await buildItem(t.app, { name: 'Quokka crate', status: 'Crate' });
    await buildItem(t.app, { name: 'Gaffer tape', container_id: crate.id });
    const yard = await buildLocation(t.app, { name: 'Quokka yard' });
    await buildItem(t.app, { name: 'Cable drum', location_id: yard.id });
    await buildItem(t.app, { name: 'Stage weight' });

    const page = await list(staff, 'q=quokka');
    // The crate by its own name first; its contents and the item at the location tie.
    expect(names(page)[0]).toBe('Quokka crate');
    expect(names(page).slice(1).sort()).toEqual(['Cable drum', 'Gaffer tape']);
    expect(page.total).toBe(3);
    // A typo still finds it.
    expect(names(await list(staff, 'q=quokak%20crate'))).toContain('Gaffer tape');
  });

  it('follows a rename of the container, a move out of it and its deletion', async () => {
    const actor = await buildMember(t.app, { role: 'staff' });
    const pallet = await buildItem(t.app, { name: 'Wombat pallet', status: 'Pallet' });
    const crate = await buildItem(t.app, { name: 'Wombat crate', container_id: pallet.id });
    const lamp = await buildItem(t.app, { name: 'Par lamp', container_id: crate.id });
    expect((await searchRow(lamp.id)).container_name).toBe('wombat crate');

    await updateItem(t.app, crate.id, { name: 'Platypus crate' }, actor);
    expect((await searchRow(lamp.id)).container_name).toBe('platypus crate');
    expect(names(await list(staff, 'q=platypus'))).toEqual(['Platypus crate', 'Par lamp']);
    expect(names(await list(staff, 'q=wombat%20crate'))).not.toContain('Par lamp');

    // The crate is deleted: the lamp moves up into the pallet, and is found by its name.
    await deleteItem(t.app, crate.id, actor);
    expect((await searchRow(lamp.id)).container_name).toBe('wombat pallet');
    expect(names(await list(staff, 'q=platypus'))).toEqual([]);

    await updateItem(t.app, lamp.id, { container_id: null }, actor);
    expect(await searchRow(lamp.id)).toMatchObject({ container_name: null });
    expect(names(await list(staff, 'q=wombat'))).toEqual(['Wombat pallet']);
  });
});

describe('GET /api/inventory/items?attention=true ("Needs attention")', () => {
  it('is 401 for anonymous visitors and 400 for a value other than true or false', async () => {
    const res = await injectAs(t.app, anonymous, {
      method: 'GET',
      url: '/api/inventory/items?attention=true',
    });
    expect(res.statusCode).toBe(401);
    const bad = await injectAs(t.app, staff, {
      method: 'GET',
      url: '/api/inventory/items?attention=yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toMatch(/attention is true or false/);
  });

  it('lists damaged and missing items only, with the type filter, search and client scope', async () => {
    const own = client.member!.client_id!;
    await buildItem(t.app, { name: 'Bilby rope', condition: 'damaged' });
    await buildItem(t.app, { name: 'Bilby ladder', condition: 'missing', status: 'Tools' });
    await buildItem(t.app, { name: 'Bilby hook' });
    await buildItem(t.app, { name: 'Bilby net', condition: 'damaged', client_id: own });

    const all = await list(staff, 'attention=true&limit=100');
    expect(all.items.every((i) => i.condition !== 'ok')).toBe(true);
    expect(names(all)).toEqual(expect.arrayContaining(['Bilby rope', 'Bilby ladder', 'Bilby net']));
    expect(all.total).toBe(all.items.length);

    expect(names(await list(staff, 'q=bilby&attention=true')).sort()).toEqual([
      'Bilby ladder',
      'Bilby net',
      'Bilby rope',
    ]);
    expect(names(await list(staff, 'q=bilby&attention=false')).length).toBe(4);
    expect(names(await list(staff, 'attention=true&status=Tools'))).toEqual(['Bilby ladder']);
    // A typo, among the items that need attention.
    expect(names(await list(staff, 'q=bilbby%20rope&attention=true'))).toEqual(['Bilby rope']);
    // A client user: their own client's only.
    expect(names(await list(client, 'attention=true'))).toEqual(['Bilby net']);
    expect(names(await list(client, 'q=bilby&attention=true'))).toEqual(['Bilby net']);
  });
});

describe('migration 009 (container names in the search documents)', () => {
  it('fills in the container name of items already inside something', async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      const before = knownMigrations().filter((m) => m !== '009_container_search');
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
