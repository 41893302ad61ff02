import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app.ts';
import type { Item } from '../../../common/schemas/item.ts';

/**
 * The lost update as it happened: "edit item" open on one device, packing mode allocates
 * the item on another, then the edit (only the note changed) is saved. Before versions,
 * the form re-sent every field it had loaded and the allocation silently vanished.
 */

const t = useTestApp();
const [editor, packer] = t.signIn('staff', 'staff');

const readItem = async (id: string) =>
  (await t.inject(editor, { method: 'GET', url: `/api/inventory/items/${id}` })).json() as Item;

async function allocatedMeanwhile() {
  const manifest = await t.build.manifest({ name: 'Festival' });
  const item = await t.build.item({ name: 'Truss', note: 'as loaded' });
  const loaded = await readItem(item.id);
  const allocation = await t.inject(packer, {
    method: 'POST',
    url: '/api/inventory/allocate',
    payload: { id: item.id, manifest_id: manifest.id },
  });
  expect(allocation.statusCode).toBe(200);
  return { manifest, loaded };
}

describe('a stale edit form saved after packing mode allocated the item', () => {
  it('with the version it loaded: 409 with the current item, the allocation kept', async () => {
    const { manifest, loaded } = await allocatedMeanwhile();
    const save = await t.inject(editor, {
      method: 'PUT',
      url: `/api/inventory/items/${loaded.id}`,
      payload: { note: 'checked the bolts', version: loaded.version },
    });
    expect(save.statusCode).toBe(409);
    expect(save.json().error.current).toMatchObject({
      id: loaded.id,
      note: 'as loaded',
      manifest_id: manifest.id,
      manifest_name: 'Festival',
      version: loaded.version + 1,
    });
    expect(await readItem(loaded.id)).toMatchObject({
      note: 'as loaded',
      manifest_id: manifest.id,
    });
  });

  it('"apply mine" with the new version saves the note and keeps the allocation', async () => {
    const { manifest, loaded } = await allocatedMeanwhile();
    const current = await readItem(loaded.id);
    const save = await t.inject(editor, {
      method: 'PUT',
      url: `/api/inventory/items/${loaded.id}`,
      headers: { 'if-match': `"${current.version}"` },
      payload: { note: 'checked the bolts' },
    });
    expect(save.statusCode).toBe(200);
    expect(save.json()).toMatchObject({ note: 'checked the bolts', manifest_id: manifest.id });
  });

  it('without a version but sending only the note: the allocation is kept', async () => {
    const { manifest, loaded } = await allocatedMeanwhile();
    const save = await t.inject(editor, {
      method: 'PUT',
      url: `/api/inventory/items/${loaded.id}`,
      payload: { note: 'checked the bolts' },
    });
    expect(save.statusCode).toBe(200);
    expect(await readItem(loaded.id)).toMatchObject({
      note: 'checked the bolts',
      manifest_id: manifest.id,
      manifest_name: 'Festival',
    });
  });
});
