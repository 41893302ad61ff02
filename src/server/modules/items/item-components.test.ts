import { describe, expect, it } from 'vitest';
import { anonymous, errorOf, useTestApp } from '../../../../test/helpers/app.ts';
import { LONG_AGO as OLD } from '../../../../test/factories/items.ts';

const t = useTestApp();
const [staff, client] = t.signIn('staff', 'client');

const call = t.caller('/api/inventory/items/');
const rowsOf = (itemId: string) => t.componentCounts('item_components', itemId);
/** An item last changed long ago, so a test can tell whether a write touched it. */
const oldItem = () => t.build.item({ name: 'Case', updated_at: OLD });
const updatedAt = async (id: string) => (await t.row('items', id)).updated_at;
/** One of an item's component lines as the API answers it. */
const line = (
  itemId: string,
  component: { id: string; name: string },
  count: number,
  version: number,
) => ({
  item_id: itemId,
  component_id: component.id,
  component_name: component.name,
  count,
  version,
});

describe('GET /api/inventory/items/:id/components', () => {
  it('is 404 for an unknown item', async () => {
    expect((await call(anonymous, 'GET', 'nosuchitem12/components')).statusCode).toBe(404);
  });

  it('is open to anyone who may read the item, sorted by component name', async () => {
    const item = await t.build.item();
    const zip = await t.build.component({ name: 'Zip tie' });
    const bolt = await t.build.component({ name: 'Bolt' });
    await t.build.itemComponent(item.id, zip.id, 4);
    await t.build.itemComponent(item.id, bolt.id, 2);
    for (const session of [anonymous, client, staff]) {
      const res = await call(session, 'GET', `${item.id}/components`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([line(item.id, bolt, 2, 1), line(item.id, zip, 4, 1)]);
    }
  });
});

describe('POST /api/inventory/items/:id/components', () => {
  it('is 401, 403 and 400 without adding anything', async () => {
    const item = await oldItem();
    const k = await t.build.component();
    const path = `${item.id}/components`;
    expect((await call(anonymous, 'POST', path, { component_id: k.id })).statusCode).toBe(401);
    expect((await call(client, 'POST', path, { component_id: k.id })).statusCode).toBe(403);
    for (const payload of [
      {},
      { component_id: k.id, count: 0 },
      { component_id: k.id, count: 1.5 },
      { component_id: k.id, count: '2' },
      { component_id: k.id, extra: true },
      { component_id: 12 },
    ]) {
      const res = await call(staff, 'POST', path, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).message).toBeTruthy();
    }
    const unknown = await call(staff, 'POST', path, { component_id: 'nosuchpart12' });
    expect(errorOf(unknown).message).toBe('That component does not exist.');
    expect(
      (await call(staff, 'POST', 'nosuchitem12/components', { component_id: k.id })).statusCode,
    ).toBe(404);
    expect(await rowsOf(item.id)).toEqual([]);
    expect(await updatedAt(item.id)).toBe(OLD);
  });

  it('adds with a default count of 1, touches the item, and refuses a duplicate', async () => {
    const item = await oldItem();
    const k = await t.build.component({ name: 'Clamp' });
    const res = await call(staff, 'POST', `${item.id}/components`, { component_id: k.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(line(item.id, k, 1, 1));
    expect(await updatedAt(item.id)).not.toBe(OLD);
    const entry = await t.lastActivity();
    expect(entry).toMatchObject({ type: 'ITEM', action: 'UPDATE', source_id: item.id });

    const again = await call(staff, 'POST', `${item.id}/components`, {
      component_id: k.id,
      count: 5,
    });
    expect(again.statusCode).toBe(409);
    expect(await rowsOf(item.id)).toEqual([{ component_id: k.id, count: 1 }]);
  });
});

describe('PUT and DELETE /api/inventory/items/:itemId/components/:componentId', () => {
  it('are 401, 403, 400 and 404 without changing anything', async () => {
    const item = await oldItem();
    const k = await t.build.component();
    await t.app.db
      .insertInto('item_components')
      .values({ item_id: item.id, component_id: k.id, count: 2, created_at: OLD, updated_at: OLD })
      .execute();
    const path = `${item.id}/components/${k.id}`;
    expect((await call(anonymous, 'PUT', path, { count: 3 })).statusCode).toBe(401);
    expect((await call(client, 'PUT', path, { count: 3 })).statusCode).toBe(403);
    expect((await call(anonymous, 'DELETE', path)).statusCode).toBe(401);
    expect((await call(client, 'DELETE', path)).statusCode).toBe(403);
    for (const payload of [{}, { count: 0 }, { count: -1 }, { count: 2, component_id: k.id }]) {
      expect((await call(staff, 'PUT', path, payload)).statusCode).toBe(400);
    }
    const other = await t.build.component();
    expect(
      (await call(staff, 'PUT', `${item.id}/components/${other.id}`, { count: 3 })).statusCode,
    ).toBe(404);
    expect((await call(staff, 'DELETE', `${item.id}/components/${other.id}`)).statusCode).toBe(404);
    expect((await call(staff, 'DELETE', `nosuchitem12/components/${k.id}`)).statusCode).toBe(404);
    expect(await rowsOf(item.id)).toEqual([{ component_id: k.id, count: 2 }]);
    expect(await updatedAt(item.id)).toBe(OLD);
  });

  it('change the count and remove the component', async () => {
    const item = await oldItem();
    const k = await t.build.component({ name: 'Pin' });
    await t.build.itemComponent(item.id, k.id, 2);
    const path = `${item.id}/components/${k.id}`;
    const put = await call(staff, 'PUT', path, { count: 7 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(line(item.id, k, 7, 2));
    const del = await call(staff, 'DELETE', path);
    expect(del.statusCode).toBe(200);
    expect(await rowsOf(item.id)).toEqual([]);
  });
});
