import { describe, expect, it } from 'vitest';
import { anonymous, errorOf, useTestApp } from '../../../../test/helpers/app.ts';
import type { Item } from '../../../common/schemas/item.ts';
import { MAX_CONTAINER_DEPTH } from '../../../common/round-trip.ts';
import { countRows } from '../../../../test/server/role-matrix/snapshot.ts';
import { DEPTH_MESSAGE, LOOP_MESSAGE } from './placement.service.ts';

const t = useTestApp();
const [staff] = t.signIn('staff');

const call = t.caller('/api/inventory');
const put = (id: string, body: object) => call(staff, 'PUT', `/items/${id}`, body);
const row = (id: string) => t.row('items', id);

/** Two clients, and a client user of the first ('Mine'), signed in. */
async function clientUserOfMine() {
  const mine = await t.build.client({ name: 'Mine' });
  const theirs = await t.build.client({ name: 'Theirs' });
  const member = await t.build.member({ role: 'client', client_id: mine.id });
  const cookie = await t.loginWith(member.email, member.password);
  return { mine, theirs, session: { member, headers: { cookie } } };
}

/** Pallet ⊃ Crate ⊃ (Cable, Amp), all built through the API's own service. */
async function palletWithCrate() {
  const yard = await t.build.location({ name: 'Yard North' });
  const pallet = await t.build.item({
    name: 'Pallet 0119',
    status: 'Pallet',
    location_id: yard.id,
  });
  const crate = await t.build.item({
    name: 'Crate 0321',
    status: 'Crate',
    container_id: pallet.id,
  });
  const cable = await t.build.item({ name: 'Cable', container_id: crate.id });
  const amp = await t.build.item({ name: 'amp', container_id: crate.id });
  return { yard, pallet, crate, cable, amp };
}

describe('containers: refused, nothing changed', () => {
  it('is 401 for anonymous contents and 403 for client users putting things in', async () => {
    const { crate, cable } = await palletWithCrate();
    expect((await call(anonymous, 'GET', `/items/${crate.id}/contents`)).statusCode).toBe(401);
    const client = await t.loginAs('client');
    const before = await row(cable.id);
    const res = await call(client, 'PUT', `/items/${cable.id}`, { container_id: null });
    expect(res.statusCode).toBe(403);
    expect(await row(cable.id)).toEqual(before);
  });

  it('refuses an unknown container (400), a bad deep flag (400) and an unknown item (404)', async () => {
    const item = await t.build.item();
    const entries = await countRows(t.app, 'activity');
    const res = await put(item.id, { container_id: 'nosuchitem12' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('That container does not exist.');
    expect((await put(item.id, { container_id: 'bad id!' })).statusCode).toBe(400);
    expect((await call(staff, 'GET', `/items/${item.id}/contents?deep=yes`)).statusCode).toBe(400);
    expect((await call(staff, 'GET', `/items/nosuchitem12/contents`)).statusCode).toBe(404);
    expect((await call(staff, 'GET', `/items/nosuchitem12/containers`)).statusCode).toBe(404);
    expect((await row(item.id)).container_id).toBeNull();
    expect(await countRows(t.app, 'activity')).toBe(entries);
  });

  it('refuses to put an item inside itself or inside what it contains (409)', async () => {
    const { pallet, crate, cable } = await palletWithCrate();
    const before = await Promise.all([pallet, crate, cable].map((i) => row(i.id)));
    const entries = await countRows(t.app, 'activity');
    for (const [item, into] of [
      [pallet, pallet],
      [pallet, crate],
      [pallet, cable],
      [crate, cable],
    ] as const) {
      const res = await put(item.id, { container_id: into.id });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toEqual({ code: 'container_loop', message: LOOP_MESSAGE });
    }
    expect(await Promise.all([pallet, crate, cable].map((i) => row(i.id)))).toEqual(before);
    expect(await countRows(t.app, 'activity')).toBe(entries);
  });

  it(`refuses a chain deeper than ${MAX_CONTAINER_DEPTH} levels (409)`, async () => {
    const chain: Item[] = [await t.build.item({ name: 'Level 1' })];
    for (let level = 2; level <= MAX_CONTAINER_DEPTH; level++) {
      chain.push(await t.build.item({ name: `Level ${level}`, container_id: chain.at(-1)!.id }));
    }
    const extra = await t.build.item({ name: 'One too deep' });
    const res = await put(extra.id, { container_id: chain.at(-1)!.id });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ code: 'container_depth', message: DEPTH_MESSAGE });
    // A two-level box under level 7 would make 9 levels too.
    const box = await t.build.item({ name: 'Box' });
    await t.build.item({ name: 'In box', container_id: box.id });
    expect((await put(box.id, { container_id: chain.at(-2)!.id })).statusCode).toBe(409);
    expect((await row(box.id)).container_id).toBeNull();
    // Creating one inside the deepest level is refused the same way.
    const created = await call(staff, 'POST', '/items', {
      name: 'Created too deep',
      container_id: chain.at(-1)!.id,
    });
    expect(created.statusCode).toBe(409);
    // Exactly 8 levels is fine.
    expect((await put(extra.id, { container_id: chain.at(-2)!.id })).statusCode).toBe(200);
  });
});

describe('containers: contents and the chain above', () => {
  it('lists what is directly inside by name, or every level with deep=true', async () => {
    const { pallet, crate, cable, amp } = await palletWithCrate();
    const direct = (await call(staff, 'GET', `/items/${pallet.id}/contents`)).json() as Item[];
    expect(direct.map((i) => i.name)).toEqual(['Crate 0321']);
    expect(direct[0]).toMatchObject({ container_id: pallet.id, container_name: 'Pallet 0119' });
    const inCrate = (await call(staff, 'GET', `/items/${crate.id}/contents`)).json() as Item[];
    expect(inCrate.map((i) => i.name)).toEqual(['amp', 'Cable']);
    const deep = (
      await call(staff, 'GET', `/items/${pallet.id}/contents?deep=true`)
    ).json() as Item[];
    expect(deep.map((i) => [i.name, i.container_id])).toEqual([
      ['amp', crate.id],
      ['Cable', crate.id],
      ['Crate 0321', pallet.id],
    ]);
    const chain = await call(anonymous, 'GET', `/items/${cable.id}/containers`);
    expect(chain.json()).toEqual([
      { id: pallet.id, name: 'Pallet 0119', status: 'Pallet' },
      { id: crate.id, name: 'Crate 0321', status: 'Crate' },
    ]);
    expect((await call(staff, 'GET', `/items/${pallet.id}/containers`)).json()).toEqual([]);
    expect(amp.container_name).toBe('Crate 0321');
  });

  it("shows a client user only their client's contents, and another client's box as 404", async () => {
    const { mine, theirs, session } = await clientUserOfMine();
    const box = await t.build.item({ name: 'Shared box', client_id: mine.id });
    await t.build.item({ name: 'My lamp', client_id: mine.id, container_id: box.id });
    await t.build.item({ name: 'Their lamp', client_id: theirs.id, container_id: box.id });
    const other = await t.build.item({ name: 'Their box', client_id: theirs.id });
    const res = await call(session, 'GET', `/items/${box.id}/contents?deep=true`);
    expect((res.json() as Item[]).map((i) => i.name)).toEqual(['My lamp']);
    expect((await call(session, 'GET', `/items/${other.id}/contents`)).statusCode).toBe(404);
  });

  it("names no other client's container in a client user's Inside: line; anonymous readers see it all", async () => {
    const { mine, theirs, session } = await clientUserOfMine();
    const mineIn = (name: string, container_id: string | null) =>
      t.build.item({ name, client_id: mine.id, container_id });
    const pallet = await mineIn('My pallet', null);
    const crate = await t.build.item({ name: 'Their crate', client_id: theirs.id });
    await put(crate.id, { container_id: pallet.id });
    const lamp = await mineIn('My lamp', crate.id);
    const box = await mineIn('My box', null);
    const fuse = await mineIn('My fuse', box.id);
    // The walk up stops at the other client's crate, as the item read shows no container.
    expect((await call(session, 'GET', `/items/${lamp.id}/containers`)).json()).toEqual([]);
    expect((await call(session, 'GET', `/items/${lamp.id}`)).json()).toMatchObject({
      container_id: null,
      container_name: null,
    });
    expect((await call(session, 'GET', `/items/${fuse.id}/containers`)).json()).toEqual([
      { id: box.id, name: 'My box', status: null },
    ]);
    const names = (res: { json(): unknown }) =>
      (res.json() as { name: string }[]).map((c) => c.name);
    expect(names(await call(anonymous, 'GET', `/items/${lamp.id}/containers`))).toEqual([
      'My pallet',
      'Their crate',
    ]);
    expect(names(await call(staff, 'GET', `/items/${lamp.id}/containers`))).toEqual([
      'My pallet',
      'Their crate',
    ]);
  });
});

describe('containers: moving, filling, deleting', () => {
  it('moves everything inside, at every level, when the container moves', async () => {
    const { pallet, crate, cable, amp } = await palletWithCrate();
    const yard = (await row(pallet.id)).location_id;
    // Items put inside took the container's location.
    for (const i of [crate, cable, amp]) expect((await row(i.id)).location_id).toBe(yard);
    const stage = await t.build.location({ name: 'Stage Left' });
    const versions = await Promise.all(
      [crate, cable, amp].map(async (i) => (await row(i.id)).version),
    );
    const res = await put(pallet.id, { location_id: stage.id });
    expect(res.statusCode).toBe(200);
    // A form still showing an item inside is now stale, like after any other write.
    expect(
      await Promise.all([crate, cable, amp].map(async (i) => (await row(i.id)).version)),
    ).toEqual(versions.map((v) => v + 1));
    for (const i of [pallet, crate, cable, amp]) {
      expect((await row(i.id)).location_id).toBe(stage.id);
      const doc = await t.app.db
        .selectFrom('item_search')
        .select(['location_id', 'location_name'])
        .where('item_id', '=', i.id)
        .executeTakeFirstOrThrow();
      expect(doc).toEqual({ location_id: stage.id, location_name: 'stage left' });
    }
    expect(await t.lastActivity()).toMatchObject({
      action: 'UPDATE',
      detail: '3 items inside moved with it',
    });
  });

  it('puts an item in (taking the location and manifest), and takes it out keeping them', async () => {
    const { crate } = await palletWithCrate();
    const job = await t.build.manifest({ name: 'Festival' });
    await put(crate.id, { manifest_id: job.id });
    const lamp = await t.build.item({ name: 'Lamp' });
    const res = await put(lamp.id, { container_id: crate.id });
    expect(res.json()).toMatchObject({
      container_id: crate.id,
      container_name: 'Crate 0321',
      location_id: (await row(crate.id)).location_id,
      manifest_id: job.id,
    });
    const out = await put(lamp.id, { container_id: null });
    expect(out.json()).toMatchObject({ container_id: null, manifest_id: job.id });
    expect((await t.lastActivity()).detail).toBe('taken out of Crate 0321');
  });

  it('never deletes the contents of a deleted container: they move up a level', async () => {
    const { pallet, crate, cable, amp } = await palletWithCrate();
    expect((await call(staff, 'DELETE', `/items/${crate.id}`)).statusCode).toBe(200);
    for (const i of [cable, amp]) expect((await row(i.id)).container_id).toBe(pallet.id);
    expect(await t.lastActivity()).toMatchObject({
      action: 'DELETE',
      detail: '2 items taken out into Pallet 0119',
    });
    expect((await call(staff, 'DELETE', `/items/${pallet.id}`)).statusCode).toBe(200);
    for (const i of [cable, amp]) expect((await row(i.id)).container_id).toBeNull();
  });
});

describe('containers: packing whole containers', () => {
  it('allocates and deallocates a container with everything inside it', async () => {
    const { pallet, crate, cable, amp } = await palletWithCrate();
    const truss = await t.build.component({ name: 'Truss' });
    await put(cable.id, { component_id: truss.id });
    const job = await t.build.manifest({ name: 'Tour' });
    const res = await call(staff, 'POST', '/allocate', { manifest_id: job.id, id: pallet.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: pallet.id, manifest_id: job.id, contents_count: 3 });
    for (const i of [crate, cable, amp]) expect((await row(i.id)).manifest_id).toBe(job.id);
    const components = await call(staff, 'GET', `/manifests/${job.id}/components`);
    expect(components.json()).toEqual([
      { component_id: truss.id, component_name: 'Truss', count: 1 },
    ]);
    const items = (await call(staff, 'GET', `/manifests/${job.id}/items`)).json() as Item[];
    expect(items).toHaveLength(4);

    expect((await put(pallet.id, { manifest_id: null })).statusCode).toBe(200);
    for (const i of [pallet, crate, cable, amp]) expect((await row(i.id)).manifest_id).toBeNull();
  });
});
