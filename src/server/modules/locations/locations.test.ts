import { describe, expect, it } from 'vitest';
import { errorOf, useTestApp } from '../../../../test/helpers/app.ts';
import { activityCount } from '../../../../test/helpers/catalog.ts';
import { namedEntitySuite } from '../../../../test/helpers/named-entity-suite.ts';

const t = useTestApp();

namedEntitySuite(t, 'locations');

describe('/api/inventory/locations: client users', () => {
  it('read every location, in list and detail', async () => {
    const a = await t.build.location();
    const b = await t.build.location();
    const session = await t.loginAs('client');
    const staff = await t.loginAs('staff');
    const asClient = await t.request(session, 'GET', '/api/inventory/locations');
    const asStaff = await t.request(staff, 'GET', '/api/inventory/locations');
    expect(asClient.statusCode).toBe(200);
    expect(asClient.json()).toEqual(asStaff.json());
    expect(asClient.json().map((l: { id: string }) => l.id)).toEqual(
      expect.arrayContaining([a.id, b.id]),
    );
    const one = await t.request(session, 'GET', `/api/inventory/locations/${b.id}`);
    expect(one.json()).toMatchObject({ id: b.id, name: b.name });
  });
});

describe('DELETE /api/inventory/locations/:id while in use', () => {
  it('is a 409 counting the items kept there, and changes nothing', async () => {
    const staff = await t.loginAs('staff');
    const location = await t.build.location({ name: 'Full shelf' });
    await t.build.item({ location_id: location.id });
    await t.build.item({ location_id: location.id });
    const before = await activityCount(t.app);
    const res = await t.inject(staff, {
      method: 'DELETE',
      url: `/api/inventory/locations/${location.id}`,
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe('This location still has 2 items.');
    const still = await t.request(staff, 'GET', `/api/inventory/locations/${location.id}`);
    expect(still.json().name).toBe('Full shelf');
    expect(await activityCount(t.app)).toBe(before);
  });
});
