import { describe, expect, it } from 'vitest';
import { anonymous, errorOf, useTestApp } from '../../../../test/helpers/app.ts';
import type { Item } from '../../../common/schemas/item.ts';

const t = useTestApp();
const [staff, client] = t.signIn('staff', 'client');

const call = t.caller('/api/inventory');
const itemCount = () => t.count('items');
const manifestOf = async (id: string) => (await t.row('items', id)).manifest_id;

describe('POST /api/inventory/allocate', () => {
  it('is 401, 403 and 400 without changing anything', async () => {
    const m = await t.build.manifest();
    const item = await t.build.item();
    const before = await itemCount();
    expect((await call(anonymous, 'POST', '/allocate', { manifest_id: m.id })).statusCode).toBe(
      401,
    );
    expect((await call(client, 'POST', '/allocate', { manifest_id: m.id })).statusCode).toBe(403);
    for (const payload of [
      {},
      { id: item.id },
      { manifest_id: null, id: item.id },
      { manifest_id: m.id, id: item.id, is_admin: true },
      { manifest_id: m.id, status: 'Boat' },
    ]) {
      const res = await call(staff, 'POST', '/allocate', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(errorOf(await call(staff, 'POST', '/allocate', {})).message).toBe('Choose a manifest.');
    const unknown = await call(staff, 'POST', '/allocate', {
      manifest_id: 'nosuchlist12',
      id: item.id,
    });
    expect(errorOf(unknown).message).toBe('That manifest does not exist.');
    expect(
      (await call(staff, 'POST', '/allocate', { manifest_id: m.id, id: 'nosuchitem12' }))
        .statusCode,
    ).toBe(404);
    expect(await itemCount()).toBe(before);
    expect(await manifestOf(item.id)).toBeNull();
  });

  it('puts an existing item on the manifest, applying the fields given', async () => {
    const m = await t.build.manifest({ name: 'Festival' });
    const item = await t.build.item({ name: 'Riser', note: 'kept' });
    const res = await call(staff, 'POST', '/allocate', {
      manifest_id: m.id,
      id: item.id,
      status: 'Crate',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: item.id,
      name: 'Riser',
      note: 'kept',
      status: 'Crate',
      manifest_id: m.id,
      manifest_name: 'Festival',
    });
    // Deallocation is an ordinary update.
    const off = await call(staff, 'PUT', `/items/${item.id}`, { manifest_id: null });
    expect(off.json()).toMatchObject({ manifest_id: null, manifest_name: null, status: 'Crate' });
  });

  it('creates a new item already on the manifest', async () => {
    const m = await t.build.manifest();
    const before = await itemCount();
    const res = await call(staff, 'POST', '/allocate', { manifest_id: m.id, name: 'Fresh' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Fresh', manifest_id: m.id });
    expect(await itemCount()).toBe(before + 1);
    const entry = await t.lastActivity();
    expect(entry).toMatchObject({ type: 'ITEM', action: 'CREATE', source_id: res.json().id });
  });
});

describe('GET /api/inventory/manifests/:id/items and /components', () => {
  it('are 401 for anonymous visitors and 404 for unknown manifests', async () => {
    const m = await t.build.manifest();
    for (const view of ['items', 'components']) {
      expect((await call(anonymous, 'GET', `/manifests/${m.id}/${view}`)).statusCode).toBe(401);
      expect((await call(staff, 'GET', `/manifests/nosuchlist12/${view}`)).statusCode).toBe(404);
      expect((await call(staff, 'GET', `/manifests/bad!id/${view}`)).statusCode).toBe(400);
    }
  });

  it('list the allocated items by name and sum what they provide per component', async () => {
    const m = await t.build.manifest();
    const truss = await t.build.component({ name: 'Truss' });
    const clamp = await t.build.component({ name: 'Clamp' });
    const trussOnJob = (name: string) =>
      t.build.item({ name, component_id: truss.id, manifest_id: m.id });
    const a = await trussOnJob('b truss');
    const b = await t.build.item({ name: 'A case', manifest_id: m.id });
    const c = await trussOnJob('C truss');
    const elsewhere = await t.build.item({ name: 'Elsewhere', component_id: truss.id });
    await t.build.itemComponent(b.id, truss.id, 3);
    await t.build.itemComponent(b.id, clamp.id, 8);
    await t.build.itemComponent(c.id, clamp.id, 2);
    await t.build.itemComponent(elsewhere.id, clamp.id, 100);

    const items = (await call(staff, 'GET', `/manifests/${m.id}/items`)).json() as Item[];
    expect(items.map((i) => i.id)).toEqual([b.id, a.id, c.id]);
    const sums = await call(staff, 'GET', `/manifests/${m.id}/components`);
    expect(sums.statusCode).toBe(200);
    expect(sums.json()).toEqual([
      { component_id: clamp.id, component_name: 'Clamp', count: 10 },
      { component_id: truss.id, component_name: 'Truss', count: 5 },
    ]);
  });

  it("show client users only their own client's manifests and items", async () => {
    const ownClient = client.member!.client_id!;
    const own = await t.build.manifest({ client_id: ownClient });
    const foreign = await t.build.manifest({ client_id: (await t.build.client()).id });
    const k = await t.build.component({ name: 'Panel' });
    const mine = await t.build.item({
      name: 'Mine',
      client_id: ownClient,
      manifest_id: own.id,
      component_id: k.id,
    });
    await t.build.item({ name: 'Theirs', manifest_id: own.id, component_id: k.id });
    await t.build.item({ name: 'Foreign', manifest_id: foreign.id, component_id: k.id });

    const items = await call(client, 'GET', `/manifests/${own.id}/items`);
    expect((items.json() as Item[]).map((i) => i.id)).toEqual([mine.id]);
    const sums = await call(client, 'GET', `/manifests/${own.id}/components`);
    expect(sums.json()).toEqual([{ component_id: k.id, component_name: 'Panel', count: 1 }]);
    expect((await call(staff, 'GET', `/manifests/${own.id}/components`)).json()).toEqual([
      { component_id: k.id, component_name: 'Panel', count: 2 },
    ]);
    for (const view of ['items', 'components']) {
      expect((await call(client, 'GET', `/manifests/${foreign.id}/${view}`)).statusCode).toBe(404);
    }
  });
});
