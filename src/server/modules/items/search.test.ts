import { beforeAll, describe, expect, it } from 'vitest';
import { anonymous, errorOf, type Session, useTestApp } from '../../../../test/helpers/app.ts';
import { formatLabelCode } from '../../../common/label-code.ts';
import type { Item, ItemPage } from '../../../common/schemas/item.ts';
import { SEARCH_RESULT_CAP } from '../../../common/search.ts';
import { refreshItemSearch, refreshSearchForReference } from './search.repo.ts';
import { deleteItem, updateItem } from './items.service.ts';

const t = useTestApp();
const [staff, client] = t.signIn('staff', 'client');
const ids: Record<string, string> = {};

/** Fixtures named for what they prove; ranking is checked among these only. */
beforeAll(async () => {
  const make = async (key: string, fields: Parameters<typeof t.build.item>[0]) => {
    ids[key] = (await t.build.item(fields)).id;
  };
  await make('truss', { name: 'Aluminium truss 3m' });
  await make('bolts', { name: 'Crate of bolts', note: 'Spare aluminium brackets inside' });
  await make('pallet', { name: 'Pallet of panels' });
  await make('creme', { name: 'Crème backdrop' });
  await make('percent', { name: '100% cotton drape' });
  await make('underscore', { name: 'cotton_sheet' });
  await make('quote', { name: 'Sign saying "big" things' });
  await make('star', { name: 'Marker * star' });
  await make('near', { name: 'Fence NEAR(gate)' });
  await make('zebra', { name: 'Zebra stripes' });
  await make('statusCrate', { name: 'Stage riser', status: 'Crate' });
  await make('noteCrate', { name: 'Tent pegs', note: 'crate' });
  for (let i = 0; i < 6; i++) await make(`paging${i}`, { name: `Wobblestone ${i}` });
  await make('ownClient', { name: 'Wobblestone client', client_id: client.member!.client_id });
});

/** GET /api/inventory/items with this query string, whatever the answer. */
const list = (session: Session, query: string) =>
  t.request(session, 'GET', `/api/inventory/items?${query}`);
const search = async (session: Session, query: string) => {
  const res = await list(session, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ItemPage;
};
const q = (text: string, extra = '') => search(staff, `q=${encodeURIComponent(text)}${extra}`);
const idsOf = (page: ItemPage) => page.items.map((i: Item) => i.id);

describe('GET /api/inventory/items?q= (search)', () => {
  it('is 401 for anonymous visitors and 400 for malformed paging', async () => {
    const res = await list(anonymous, 'q=alu');
    expect(res.statusCode).toBe(401);
    for (const query of ['q=alu&limit=0', 'q=alu&limit=101', 'q=alu&offset=-1', 'q=a&sort=x']) {
      const bad = await list(staff, query);
      expect(bad.statusCode, query).toBe(400);
      expect(errorOf(bad).message).toBeTruthy();
    }
  });

  it('ranks a match in the name above the same word in a note', async () => {
    const page = await q('aluminium');
    expect(idsOf(page)).toEqual([ids.truss, ids.bolts]);
    expect(page.total).toBe(2);
  });

  it('ranks the type (weight 1) above the note (weight 0.1)', async () => {
    const page = await q('crate');
    const order = idsOf(page);
    // "Crate of bolts" starts with it in the name, then the status, then the note.
    expect(order).toEqual([ids.bolts, ids.statusCrate, ids.noteCrate]);
  });

  it('tolerates a small typo', async () => {
    expect(idsOf(await q('pallett'))).toContain(ids.pallet);
    expect(idsOf(await q('palet'))).toContain(ids.pallet);
  });

  it('finds a prefix, in any case', async () => {
    expect(idsOf(await q('alu'))).toEqual([ids.truss, ids.bolts]);
    expect(idsOf(await q('ALUM'))).toEqual([ids.truss, ids.bolts]);
  });

  it('ignores accents on either side', async () => {
    expect(idsOf(await q('creme'))).toEqual([ids.creme]);
    expect(idsOf(await q('CRÈME'))).toEqual([ids.creme]);
    expect(idsOf(await q('crêmé backdrop'))).toEqual([ids.creme]);
  });

  it('does not match unrelated words', async () => {
    const page = await q('xylophone');
    expect(page).toEqual({ items: [], total: 0, total_capped: false, next_cursor: null });
  });

  it('puts the item whose label id is the query first, in any spelling of the code', async () => {
    const label = await t.build.label({ item_id: ids.zebra! });
    for (const spelling of [
      label.id,
      formatLabelCode(label.id).toLowerCase(),
      ` ${label.id.slice(0, 4)} ${label.id.slice(4, 8)} ${label.id.slice(8)} `,
    ]) {
      const page = await q(spelling);
      expect(idsOf(page)[0], spelling).toBe(ids.zebra);
    }
  });

  it('puts the item whose id is the query first', async () => {
    const page = await q(ids.pallet!);
    expect(idsOf(page)[0]).toBe(ids.pallet);
  });

  it('treats % _ " * and NEAR( as plain text', async () => {
    expect(idsOf(await q('%'))).toEqual([ids.percent]);
    expect(idsOf(await q('100%'))).toEqual([ids.percent]);
    expect(idsOf(await q('_'))).toEqual([ids.underscore]);
    expect(idsOf(await q('"'))).toEqual([ids.quote]);
    expect(idsOf(await q('"big"'))).toEqual([ids.quote]);
    expect(idsOf(await q('*'))).toEqual([ids.star]);
    expect(idsOf(await q('star*'))).toEqual([ids.star]);
    expect(idsOf(await q('NEAR('))[0]).toBe(ids.near);
    expect(idsOf(await q('NEAR(gate'))[0]).toBe(ids.near);
  });

  it('cuts the query at 32 characters', async () => {
    const long = 'Abcdefghijklmnopqrstuvwxyz abcdef';
    const item = await t.build.item({ name: `${long} tail` });
    // Characters past the 32nd would not match anything; they are dropped instead.
    const page = await q(`${long}${'!'.repeat(2)}zzzzzzzz`);
    expect(idsOf(page)).toEqual([item.id]);
  });

  it('pages with a total, in a stable order', async () => {
    const first = await q('wobblestone', '&limit=3');
    const second = await q('wobblestone', '&limit=3&offset=3');
    const third = await q('wobblestone', '&limit=3&offset=6');
    expect(first.total).toBe(7);
    expect(second.total).toBe(7);
    expect(first.items).toHaveLength(3);
    expect(second.items).toHaveLength(3);
    expect(third.items).toHaveLength(1);
    const all = [...idsOf(first), ...idsOf(second), ...idsOf(third)];
    expect(new Set(all).size).toBe(7);
    const past = await q('wobblestone', '&limit=3&offset=50');
    expect(past).toMatchObject({ items: [], total: 7, next_cursor: null });
  });

  it("shows client users only their client's matches, also for an exact id", async () => {
    const page = await search(client, 'q=wobblestone');
    expect(idsOf(page)).toEqual([ids.ownClient]);
    expect(page.total).toBe(1);
    const byId = await search(client, `q=${ids.pallet}`);
    expect(byId).toMatchObject({ items: [], total: 0 });
  });

  it('combines the query with a type filter', async () => {
    const page = await q('crate', '&status=Crate');
    expect(idsOf(page)).toEqual([ids.statusCrate]);
  });

  it('follows next_cursor through the ranked results', async () => {
    const all = idsOf(await q('wobblestone'));
    const seen: string[] = [];
    let page = await q('wobblestone', '&limit=2');
    seen.push(...idsOf(page));
    while (page.next_cursor) {
      page = await q('wobblestone', `&limit=2&cursor=${page.next_cursor}`);
      seen.push(...idsOf(page));
    }
    expect(seen).toEqual(all);
  });
});

describe('searches scoped to a client or filtered by type', () => {
  let own: string;
  const made: Record<string, string> = {};
  beforeAll(async () => {
    own = client.member!.client_id!;
    const other = (await t.build.client({ name: 'Other client' })).id;
    const make = async (key: string, fields: Parameters<typeof t.build.item>[0]) => {
      made[key] = (await t.build.item(fields)).id;
    };
    await make('ownCrate', { name: 'Quillback crate', status: 'Crate', client_id: own });
    await make('ownPallet', { name: 'Quillback pallet', status: 'Pallet', client_id: own });
    await make('ownNote', { name: 'Boards', note: 'quillback spare', client_id: own });
    await make('otherCrate', { name: 'Quillback crate', status: 'Crate', client_id: other });
    await make('unscopedCrate', { name: 'Quillback box', status: 'Crate' });
  });

  it("shows a client user only their client's matches, ranked as for staff", async () => {
    const page = await search(client, 'q=quillback');
    expect(idsOf(page)).toEqual([made.ownCrate, made.ownPallet, made.ownNote]);
    expect(page.total).toBe(3);
    // A typo finds the same items, still within the scope.
    expect(idsOf(await search(client, 'q=quilback'))).toEqual(
      expect.arrayContaining([made.ownCrate, made.ownPallet]),
    );
    expect(idsOf(await search(client, 'q=quilback'))).not.toContain(made.otherCrate);
  });

  it('applies a type filter to staff and client searches', async () => {
    const staffCrates = await q('quillback', '&status=Crate');
    expect(idsOf(staffCrates).sort()).toEqual(
      [made.ownCrate, made.otherCrate, made.unscopedCrate].sort(),
    );
    expect(staffCrates.total).toBe(3);
    const two = await q('quillback', '&status=Crate&status=Pallet');
    expect(two.total).toBe(4);
    const clientCrates = await search(client, 'q=quillback&status=Crate');
    expect(idsOf(clientCrates)).toEqual([made.ownCrate]);
    expect(idsOf(await search(client, 'q=quilback&status=Pallet'))).toEqual([made.ownPallet]);
  });

  it('finds nothing for a client user when the match belongs to someone else', async () => {
    const other = await search(client, `q=${made.otherCrate}`);
    expect(other).toMatchObject({ items: [], total: 0 });
    const filtered = await q(made.ownCrate!, '&status=Pallet');
    expect(filtered).toMatchObject({ items: [], total: 0 });
  });

  it("never shows another client's item, even when its search document names the client", async () => {
    const elsewhere = (await t.build.client({ name: 'Elsewhere' })).id;
    const stray = await t.build.item({ name: 'Quillback stray', client_id: elsewhere });
    // A document out of step with its item (it never is: both are written together).
    await t.app.db
      .updateTable('item_search')
      .set({ client_id: own })
      .where('item_id', '=', stray.id)
      .execute();
    expect(idsOf(await search(client, 'q=stray'))).toEqual([]);
    expect(idsOf(await search(staff, 'q=stray'))).toEqual([stray.id]);
  });

  it('follows a client moving an item out of scope', async () => {
    const moved = await t.build.item({ name: 'Quillback drifter', client_id: own });
    expect(idsOf(await search(client, 'q=drifter'))).toEqual([moved.id]);
    await t.inject(staff, {
      method: 'PUT',
      url: `/api/inventory/items/${moved.id}`,
      payload: { client_id: null },
    });
    expect(idsOf(await search(client, 'q=drifter'))).toEqual([]);
  });
});

describe('a search matching more than the cap', () => {
  it(`shows the best ${SEARCH_RESULT_CAP} and says the total is capped`, async () => {
    // Inserted in bulk: a thousand items through the API would only slow the suite.
    const now = new Date().toISOString();
    const rows = Array.from({ length: SEARCH_RESULT_CAP + 5 }, (_, i) => ({
      id: `bulk${String(i).padStart(6, '0')}`,
      name: `Numbat ${i}`,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      const chunk = rows.slice(i, i + 200);
      await t.app.db
        .insertInto('items')
        .values(chunk.map((r) => ({ ...r, created_at: now, updated_at: now })))
        .execute();
      await t.app.db
        .insertInto('item_search')
        .values(chunk.map((r) => ({ item_id: r.id, name: r.name.toLowerCase() })))
        .execute();
    }
    const best = await t.build.item({ name: 'Numbat', status: 'Crate' });
    const page = await q('numbat');
    expect(page.total).toBe(SEARCH_RESULT_CAP);
    expect(page.total_capped).toBe(true);
    expect(idsOf(page)[0]).toBe(best.id);
    // The unpaged list streams in batches: whole, sorted, nothing twice across batches.
    const unpaged = await t.inject(staff, { method: 'GET', url: '/api/inventory/items' });
    expect(unpaged.headers['content-type']).toContain('application/json');
    const listed = unpaged.json() as Item[];
    const stored = await t.app.db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(listed).toHaveLength(Number(stored.n));
    expect(new Set(listed.map((i) => i.id)).size).toBe(listed.length);
    const numbats = listed.filter((i) => i.name?.startsWith('Numbat ')).map((i) => i.name);
    expect(numbats).toEqual([...numbats].sort());
    // Past the cap, a fuller query still finds its item first.
    expect(idsOf(await q('numbat 1004'))[0]).toBe('bulk001004');
  });
});

describe('search documents follow renames and removals', () => {
  it('finds items by client, location and component names, and by the last scanner', async () => {
    const c = await t.build.client({ name: 'Quokka Events' });
    const l = await t.build.location({ name: 'Yard Nørth' });
    const k = await t.build.component({ name: 'Spigot' });
    const item = await t.build.item({
      name: 'Thing',
      client_id: c.id,
      location_id: l.id,
      component_id: k.id,
    });
    expect(idsOf(await q('quokka'))).toEqual([item.id]);
    expect(idsOf(await q('yard north'))).toEqual([item.id]);
    expect(idsOf(await q('spigot'))).toEqual([item.id]);

    const scanner = await t.build.member({ email: 'hedgehog.scanner@example.com' });
    await t.app.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('items')
        .set({ last_scanned_by: scanner.id })
        .where('id', '=', item.id)
        .execute();
      await refreshItemSearch(trx, item.id);
    });
    expect(idsOf(await q('hedgehog'))).toEqual([item.id]);
  });

  it('refreshSearchForReference applies a rename to every item of the client', async () => {
    const c = await t.build.client({ name: 'Platypus Ltd' });
    const a = await t.build.item({ name: 'One', client_id: c.id });
    const b = await t.build.item({ name: 'Two', client_id: c.id });
    await t.app.db.transaction().execute(async (trx) => {
      await trx.updateTable('clients').set({ name: 'Wombat Ltd' }).where('id', '=', c.id).execute();
      await refreshSearchForReference(trx, { client_id: c.id });
    });
    expect(idsOf(await q('wombat')).sort()).toEqual([a.id, b.id].sort());
    expect((await q('platypus')).total).toBe(0);
  });

  it('refreshSearchForReference forgets a removed reference', async () => {
    const k = await t.build.component({ name: 'Gimbal' });
    const item = await t.build.item({ name: 'Head', component_id: k.id });
    expect(idsOf(await q('gimbal'))).toEqual([item.id]);
    await t.app.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('items')
        .set({ component_id: null })
        .where('id', '=', item.id)
        .execute();
      await trx.deleteFrom('components').where('id', '=', k.id).execute();
      await refreshSearchForReference(trx, { component_id: k.id });
    });
    expect((await q('gimbal')).total).toBe(0);
  });

  it('follows item edits and deletes', async () => {
    const item = await t.build.item({ name: 'Narwhal' });
    expect(idsOf(await q('narwhal'))).toEqual([item.id]);
    const put = await t.inject(staff, {
      method: 'PUT',
      url: `/api/inventory/items/${item.id}`,
      payload: { name: 'Walrus' },
    });
    expect(put.statusCode).toBe(200);
    expect((await q('narwhal')).total).toBe(0);
    expect(idsOf(await q('walrus'))).toEqual([item.id]);
    const del = await t.inject(staff, {
      method: 'DELETE',
      url: `/api/inventory/items/${item.id}`,
    });
    expect(del.statusCode).toBe(200);
    expect((await q('walrus')).total).toBe(0);
  });
});

const names = (page: ItemPage) => page.items.map((i) => i.name);
const searchRow = (id: string) =>
  t.app.db
    .selectFrom('item_search')
    .select(['container_name', 'doc'])
    .where('item_id', '=', id)
    .executeTakeFirstOrThrow();

describe('search by the container name', () => {
  it('finds what is inside a crate by the crate name, weighed like a location', async () => {
    const crate = await t.build.item({ name: 'Dugong crate', status: 'Crate' });
    await t.build.item({ name: 'Gaffer tape', container_id: crate.id });
    const yard = await t.build.location({ name: 'Dugong yard' });
    await t.build.item({ name: 'Cable drum', location_id: yard.id });
    await t.build.item({ name: 'Stage weight' });

    const page = await search(staff, 'q=dugong');
    // The crate by its own name first; its contents and the item at the location tie.
    expect(names(page)[0]).toBe('Dugong crate');
    expect(names(page).slice(1).sort()).toEqual(['Cable drum', 'Gaffer tape']);
    expect(page.total).toBe(3);
    // A typo still finds it.
    expect(names(await search(staff, 'q=dugomg%20crate'))).toContain('Gaffer tape');
  });

  it('follows a rename of the container, a move out of it and its deletion', async () => {
    const actor = await t.build.member({ role: 'staff' });
    const pallet = await t.build.item({ name: 'Echidna pallet', status: 'Pallet' });
    const crate = await t.build.item({ name: 'Echidna crate', container_id: pallet.id });
    const lamp = await t.build.item({ name: 'Par lamp', container_id: crate.id });
    expect((await searchRow(lamp.id)).container_name).toBe('echidna crate');

    await updateItem(t.app, crate.id, { name: 'Cassowary crate' }, actor);
    expect((await searchRow(lamp.id)).container_name).toBe('cassowary crate');
    expect(names(await search(staff, 'q=cassowary'))).toEqual(['Cassowary crate', 'Par lamp']);
    expect(names(await search(staff, 'q=echidna%20crate'))).not.toContain('Par lamp');

    // The crate is deleted: the lamp moves up into the pallet, and is found by its name.
    await deleteItem(t.app, crate.id, actor);
    expect((await searchRow(lamp.id)).container_name).toBe('echidna pallet');
    expect(names(await search(staff, 'q=cassowary'))).toEqual([]);

    await updateItem(t.app, lamp.id, { container_id: null }, actor);
    expect(await searchRow(lamp.id)).toMatchObject({ container_name: null });
    expect(names(await search(staff, 'q=echidna'))).toEqual(['Echidna pallet']);
  });
});

describe('GET /api/inventory/items?attention=true ("Needs attention")', () => {
  it('is 401 for anonymous visitors and 400 for a value other than true or false', async () => {
    const res = await list(anonymous, 'attention=true');
    expect(res.statusCode).toBe(401);
    const bad = await list(staff, 'attention=yes');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toMatch(/attention is true or false/);
  });

  it('lists damaged and missing items only, with the type filter, search and client scope', async () => {
    const own = client.member!.client_id!;
    await t.build.item({ name: 'Bilby rope', condition: 'damaged' });
    await t.build.item({ name: 'Bilby ladder', condition: 'missing', status: 'Tools' });
    await t.build.item({ name: 'Bilby hook' });
    await t.build.item({ name: 'Bilby net', condition: 'damaged', client_id: own });

    const all = await search(staff, 'attention=true&limit=100');
    expect(all.items.every((i) => i.condition !== 'ok')).toBe(true);
    expect(names(all)).toEqual(expect.arrayContaining(['Bilby rope', 'Bilby ladder', 'Bilby net']));
    expect(all.total).toBe(all.items.length);

    expect(names(await search(staff, 'q=bilby&attention=true')).sort()).toEqual([
      'Bilby ladder',
      'Bilby net',
      'Bilby rope',
    ]);
    expect(names(await search(staff, 'q=bilby&attention=false')).length).toBe(4);
    expect(names(await search(staff, 'attention=true&status=Tools'))).toEqual(['Bilby ladder']);
    // A typo, among the items that need attention.
    expect(names(await search(staff, 'q=bilbby%20rope&attention=true'))).toEqual(['Bilby rope']);
    // A client user: their own client's only.
    expect(names(await search(client, 'attention=true'))).toEqual(['Bilby net']);
    expect(names(await search(client, 'q=bilby&attention=true'))).toEqual(['Bilby net']);
  });
});
