import { describe, expect, it } from 'vitest';
import { anonymous, errorOf, type Session, useTestApp } from '../../../../test/helpers/app.ts';
import { isStored, keyFromSrc } from '../../lib/storage.ts';
import type { Item, ItemPage } from '../../../common/schemas/item.ts';

const t = useTestApp();
const [staff, admin, client] = t.signIn('staff', 'admin', 'client');

const call = t.caller('/api/inventory');
const itemRow = (id: string) => t.findRow('items', id);
/** An item whose last scan was by this member (only a scan sets it: no API field does). */
async function scannedBy(session: Session) {
  const item = await t.build.item({ name: 'Scanned thing' });
  await t.app.db
    .updateTable('items')
    .set({ last_scanned_by: session.member!.id })
    .where('id', '=', item.id)
    .execute();
  return item;
}

const BAD_BODIES: [string, unknown][] = [
  ['an unknown field', { name: 'x', colour: 'red' }],
  ['a forbidden field', { name: 'x', last_scanned_by: 'someone' }],
  ['a number for a name', { name: 42 }],
  ['an unknown type', { status: 'Boat' }],
  ['a malformed id', { client_id: 'not an id!' }],
  ['a number for an id', { location_id: 7 }],
  ['a note that is too long', { note: 'x'.repeat(10_001) }],
  ['a name that is too long', { name: 'x'.repeat(201) }],
  ['an array', ['name']],
];

describe('POST /api/inventory/items', () => {
  it('is 401 for anonymous visitors and 403 for client users, creating nothing', async () => {
    const [items, activity] = [await t.count('items'), await t.count('activity')];
    expect((await call(anonymous, 'POST', '/items', { name: 'A' })).statusCode).toBe(401);
    expect((await call(client, 'POST', '/items', { name: 'A' })).statusCode).toBe(403);
    expect([await t.count('items'), await t.count('activity')]).toEqual([items, activity]);
  });

  it.each(BAD_BODIES)('is 400 for %s, creating nothing', async (_, payload) => {
    const before = await t.count('items');
    const res = await t.inject(staff, {
      method: 'POST',
      url: '/api/inventory/items',
      payload: payload as object,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBeTruthy();
    expect(await t.count('items')).toBe(before);
  });

  it('is 400 for a __proto__ key', async () => {
    const res = await t.inject(staff, {
      method: 'POST',
      url: '/api/inventory/items',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"x","__proto__":{"is_admin":true}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ['client_id', 'That client does not exist.'],
    ['location_id', 'That location does not exist.'],
    ['component_id', 'That component does not exist.'],
    ['manifest_id', 'That manifest does not exist.'],
  ])('is 400 when %s names nothing', async (field, message) => {
    const [items, activity] = [await t.count('items'), await t.count('activity')];
    const res = await call(staff, 'POST', '/items', { name: 'A', [field]: 'nosuchthing1' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(message);
    expect([await t.count('items'), await t.count('activity')]).toEqual([items, activity]);
  });

  it('creates an item with its references and names, and records it', async () => {
    const c = await t.build.client({ name: 'Acme' });
    const l = await t.build.location({ name: 'Shed 2' });
    const k = await t.build.component({ name: 'Truss' });
    const m = await t.build.manifest({ name: 'Tour' });
    const res = await call(staff, 'POST', '/items', {
      name: '  Truss section  ',
      note: '  two bolts missing\n',
      status: 'Rack',
      client_id: c.id,
      location_id: l.id,
      component_id: k.id,
      manifest_id: m.id,
    });
    expect(res.statusCode).toBe(201);
    const item = res.json() as Item;
    expect(item).toEqual({
      id: expect.any(String),
      name: 'Truss section',
      note: '  two bolts missing\n',
      status: 'Rack',
      client_id: c.id,
      client_name: 'Acme',
      location_id: l.id,
      location_name: 'Shed 2',
      manifest_id: m.id,
      manifest_name: 'Tour',
      component_id: k.id,
      component_name: 'Truss',
      container_id: null,
      container_name: null,
      condition: 'ok',
      condition_note: null,
      out_since: null,
      last_scanned_by_email: null,
      version: 1,
      updated_at: expect.any(String),
      created_at: item.updated_at,
      abilities: { edit: true, delete: true, take_off: true, return: false },
    });
    const entry = await t.lastActivity();
    expect(entry).toMatchObject({
      type: 'ITEM',
      action: 'CREATE',
      email: staff.member!.email,
      source_id: item.id,
      ref_name: 'Truss section',
      ref_item_id: item.id,
    });
  });

  it('creates an empty item from an empty body; blank text and type become null', async () => {
    const res = await call(staff, 'POST', '/items', { name: '   ', note: ' ', status: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: null, note: null, status: null, client_id: null });
    expect((await call(admin, 'POST', '/items', {})).statusCode).toBe(201);
  });
});

describe('GET /api/inventory/items/:id', () => {
  it('is 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await call(staff, 'GET', '/items/bad%20id!')).statusCode).toBe(400);
    const res = await call(staff, 'GET', '/items/nosuchitem12');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('Item not found.');
  });

  it('hides the last scanner from anonymous visitors and from client users of other clients', async () => {
    const item = await scannedBy(staff);
    const open = await call(anonymous, 'GET', `/items/${item.id}`);
    expect(open.statusCode).toBe(200);
    expect(open.json()).not.toHaveProperty('last_scanned_by_email');
    expect(open.body).not.toContain(staff.member!.email);
    expect(open.json()).toMatchObject({ id: item.id, name: 'Scanned thing' });
    // An item of no client is not the client user's either: the public shape.
    const forClient = await call(client, 'GET', `/items/${item.id}`);
    expect(forClient.json()).not.toHaveProperty('last_scanned_by_email');
    const forStaff = await call(staff, 'GET', `/items/${item.id}`);
    expect(forStaff.json().last_scanned_by_email).toBe(staff.member!.email);
  });

  it('answers a signed-out cookie as it answers an anonymous visitor', async () => {
    // On PostgreSQL the item is read beside the session lookup (plugins/session.ts): what
    // that read found must not reach a caller whose session turns out to be over.
    const gone = await t.loginAs('staff');
    const item = await scannedBy(gone);
    expect((await call(gone, 'GET', `/items/${item.id}`)).json().last_scanned_by_email).toBe(
      gone.member!.email,
    );
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: gone.headers });
    expect(out.statusCode).toBe(200);
    const res = await call(gone, 'GET', `/items/${item.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, name: 'Scanned thing' });
    expect(res.json()).not.toHaveProperty('last_scanned_by_email');
    expect(res.body).not.toContain(gone.member!.email);
    expect(res.headers['x-yardkeep-user']).toBeUndefined();
  });
});

describe('GET /api/inventory/items', () => {
  it('is 401 for anonymous visitors', async () => {
    expect((await call(anonymous, 'GET', '/items')).statusCode).toBe(401);
  });

  it.each([
    'limit=0',
    'limit=101',
    'limit=ten',
    'offset=-1',
    'status=Boat',
    'colour=red',
    'cursor=nonsense',
    `cursor=${Buffer.from('{"o":3}').toString('base64url')}`,
    `cursor=${Buffer.from('{"n":"a","i":"b"}').toString('base64url')}&offset=2`,
  ])('is 400 for %s', async (query) => {
    const res = await call(staff, 'GET', `/items?${query}`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBeTruthy();
  });

  it('returns every item as an array sorted by name, ignoring case and accents, unnamed last', async () => {
    const made = [
      await t.build.item({ name: 'banana crate' }),
      await t.build.item({ name: null }),
      await t.build.item({ name: 'Apple crate' }),
      await t.build.item({ name: 'Éclair crate' }),
      await t.build.item({ name: 'cherry crate' }),
    ];
    const res = await call(staff, 'GET', '/items');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Item[];
    expect(list).toHaveLength(await t.count('items'));
    const mine = list.filter((i) => made.some((m) => m.id === i.id)).map((i) => i.name);
    expect(mine).toEqual(['Apple crate', 'banana crate', 'cherry crate', 'Éclair crate', null]);
    const firstUnnamed = list.findIndex((i) => i.name === null);
    expect(list.slice(firstUnnamed).every((i) => i.name === null)).toBe(true);
  });

  it('pages with a total and filters by type', async () => {
    const all = (await call(staff, 'GET', '/items')).json() as Item[];
    const page = await call(staff, 'GET', '/items?limit=2&offset=1');
    expect(page.json()).toMatchObject({ items: all.slice(1, 3), total: all.length });
    await t.build.item({ name: 'Typed', status: 'Tools' });
    await t.build.item({ name: 'Typed too', status: 'Bin' });
    const tools = (await call(staff, 'GET', '/items?status=Tools')).json();
    expect(tools.items.map((i: Item) => i.status)).toEqual(['Tools']);
    const two = (await call(staff, 'GET', '/items?status=Tools&status=Bin')).json();
    expect(two.total).toBe(2);
    expect(
      (await call(staff, 'GET', `/items?status=${encodeURIComponent('FF&E')}`)).json(),
    ).toEqual({ items: [], total: 0, total_capped: false, next_cursor: null });
  });

  it("shows client users only their client's items", async () => {
    const own = await t.build.item({ name: 'Own', client_id: client.member!.client_id });
    const other = await t.build.item({
      name: 'Other',
      client_id: (await t.build.client()).id,
    });
    const list = (await call(client, 'GET', '/items')).json() as Item[];
    expect(list.map((i) => i.id)).toEqual([own.id]);
    const page = (await call(client, 'GET', '/items?limit=50')).json();
    expect(page).toEqual({ items: list, total: 1, total_capped: false, next_cursor: null });
    const staffList = (await call(staff, 'GET', '/items')).json() as Item[];
    expect(staffList.map((i) => i.id)).toEqual(expect.arrayContaining([own.id, other.id]));
  });
});

describe('GET /api/inventory/items?cursor= (keyset paging)', () => {
  /** Every page of a list, following next_cursor from the first. */
  const walk = async (session: Session, query: string) => {
    const seen: Item[] = [];
    let url = `/items?${query}`;
    for (let pages = 0; pages < 100; pages++) {
      const res = await call(session, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as ItemPage;
      seen.push(...page.items);
      if (page.next_cursor === null) return { seen, total: page.total };
      url = `/items?${query}&cursor=${page.next_cursor}`;
    }
    throw new Error('the cursor never ended');
  };

  it('walks the same list as the unpaged answer, unnamed items last, nothing twice', async () => {
    await t.build.item({ name: null });
    await t.build.item({ name: 'Zz last named' });
    await t.build.item({ name: 'Aa same name' });
    await t.build.item({ name: 'aa same name' });
    const all = (await call(staff, 'GET', '/items')).json() as Item[];
    const { seen, total } = await walk(staff, 'limit=3');
    expect(seen.map((i) => i.id)).toEqual(all.map((i) => i.id));
    expect(total).toBe(all.length);
  });

  it('keeps the type filter and the client scope on every page', async () => {
    for (let i = 0; i < 4; i++) await t.build.item({ name: `Cursor bin ${i}`, status: 'Bin' });
    const bins = await walk(staff, 'limit=2&status=Bin');
    expect(bins.seen.length).toBe(bins.total);
    expect(bins.seen.every((i) => i.status === 'Bin')).toBe(true);
    const own = client.member!.client_id;
    for (let i = 0; i < 3; i++) await t.build.item({ name: `Cursor own ${i}`, client_id: own });
    const mine = await walk(client, 'limit=2');
    expect(mine.seen.length).toBe(mine.total);
    expect(mine.seen.every((i) => i.client_id === own)).toBe(true);
  });

  it('continues an offset page with its cursor', async () => {
    const all = (await call(staff, 'GET', '/items')).json() as Item[];
    const first = (await call(staff, 'GET', '/items?limit=2&offset=1')).json() as ItemPage;
    const next = (await call(staff, 'GET', `/items?limit=2&cursor=${first.next_cursor}`)).json();
    expect([...first.items, ...next.items].map((i: Item) => i.id)).toEqual(
      all.slice(1, 5).map((i) => i.id),
    );
  });
});

describe('PUT /api/inventory/items/:id', () => {
  it('is 401, 403 and 400 without changing the item', async () => {
    const item = await t.build.item({ name: 'Stable' });
    const before = await itemRow(item.id);
    expect((await call(anonymous, 'PUT', `/items/${item.id}`, { name: 'X' })).statusCode).toBe(401);
    expect((await call(client, 'PUT', `/items/${item.id}`, { name: 'X' })).statusCode).toBe(403);
    for (const [, payload] of BAD_BODIES) {
      const res = await t.inject(staff, {
        method: 'PUT',
        url: `/api/inventory/items/${item.id}`,
        payload: payload as object,
      });
      expect(res.statusCode).toBe(400);
    }
    const empty = await call(staff, 'PUT', `/items/${item.id}`, {});
    expect(errorOf(empty).message).toBe('Send at least one field to change.');
    const missing = await call(staff, 'PUT', `/items/${item.id}`, { location_id: 'nosuchplace1' });
    expect(errorOf(missing).message).toBe('That location does not exist.');
    expect(await itemRow(item.id)).toEqual(before);
  });

  it('is 404 for an unknown item', async () => {
    expect((await call(staff, 'PUT', '/items/nosuchitem12', { name: 'X' })).statusCode).toBe(404);
  });

  it('changes only the fields sent, moves updated_at and records it', async () => {
    const c = await t.build.client({ name: 'Keep me' });
    const item = await t.build.item({ name: 'Old', note: 'Old note', client_id: c.id });
    await t.app.db
      .updateTable('items')
      .set({ updated_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', item.id)
      .execute();
    const res = await call(staff, 'PUT', `/items/${item.id}`, { note: 'New note' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Old', note: 'New note', client_name: 'Keep me' });
    expect(res.json().updated_at > '2020-01-01T00:00:00.000Z').toBe(true);
    expect(await t.lastActivity()).toMatchObject({
      type: 'ITEM',
      action: 'UPDATE',
      source_id: item.id,
      ref_name: 'Old',
    });
    const cleared = await call(staff, 'PUT', `/items/${item.id}`, { client_id: null, name: 'N' });
    expect(cleared.json()).toMatchObject({ name: 'N', client_id: null, client_name: null });
  });
});

describe('DELETE /api/inventory/items/:id', () => {
  it('is 401, 403 and 404 without deleting anything', async () => {
    const item = await t.build.item();
    expect((await call(anonymous, 'DELETE', `/items/${item.id}`)).statusCode).toBe(401);
    expect((await call(client, 'DELETE', `/items/${item.id}`)).statusCode).toBe(403);
    expect((await call(staff, 'DELETE', '/items/nosuchitem12')).statusCode).toBe(404);
    expect(await itemRow(item.id)).toBeDefined();
  });

  it('frees labels and removes images with their files and components, in one go', async () => {
    const item = await t.build.item({ name: 'Doomed' });
    const keeper = await t.build.item({ name: 'Keeper' });
    const label = await t.build.label({ item_id: item.id });
    const otherLabel = await t.build.label({ item_id: keeper.id });
    const image = await t.build.image(item.id);
    const keptImage = await t.build.image(keeper.id);
    const component = await t.build.component();
    await t.build.itemComponent(item.id, component.id, 3);
    await t.build.itemComponent(keeper.id, component.id, 2);
    const stored = (src: string) => isStored(t.app.storage, keyFromSrc(src)!);
    const files = [image.src, image.thumbnail_src!];
    expect(await stored(files[0]!)).toBe(true);
    expect(await stored(files[1]!)).toBe(true);

    const res = await call(staff, 'DELETE', `/items/${item.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expect(await itemRow(item.id)).toBeUndefined();
    const labels = await t.app.db
      .selectFrom('labels')
      .select(['id', 'item_id'])
      .where('id', 'in', [label.id, otherLabel.id])
      .orderBy('id')
      .execute();
    expect(labels).toEqual(
      [
        { id: label.id, item_id: null },
        { id: otherLabel.id, item_id: keeper.id },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    const images = await t.app.db.selectFrom('images').select('item_id').execute();
    expect(images.map((i) => i.item_id)).not.toContain(item.id);
    expect(images.map((i) => i.item_id)).toContain(keeper.id);
    const parts = await t.app.db.selectFrom('item_components').select('item_id').execute();
    expect(parts.map((p) => p.item_id)).toEqual([keeper.id]);
    expect(await stored(files[0]!)).toBe(false);
    expect(await stored(files[1]!)).toBe(false);
    expect(await stored(keptImage.src)).toBe(true);
    expect(await t.lastActivity()).toMatchObject({
      type: 'ITEM',
      action: 'DELETE',
      source_id: item.id,
      ref_name: 'Doomed',
      ref_id: item.id,
    });
    expect((await call(staff, 'GET', `/items/${item.id}`)).statusCode).toBe(404);
  });
});
