import { describe, expect, it } from 'vitest';
import { errorOf, useTestApp } from '../../../../test/helpers/app.ts';
import { activityCount } from '../../../../test/helpers/catalog.ts';
import { namedEntitySuite } from '../../../../test/helpers/named-entity-suite.ts';

const t = useTestApp();

namedEntitySuite(t, 'clients');

describe('/api/inventory/clients: client users', () => {
  it('see only their own client in the list and in detail; others are not found', async () => {
    const other = await t.build.client({ name: 'Someone else' });
    const session = await t.loginAs('client');
    const ownId = session.member!.client_id!;

    const listed = await t.inject(session, { method: 'GET', url: '/api/inventory/clients' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((c: { id: string }) => c.id)).toEqual([ownId]);

    const own = await t.inject(session, {
      method: 'GET',
      url: `/api/inventory/clients/${ownId}`,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().id).toBe(ownId);

    const theirs = await t.inject(session, {
      method: 'GET',
      url: `/api/inventory/clients/${other.id}`,
    });
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs).message).toBe('Client not found.');
  });

  it('do not narrow what staff see', async () => {
    const a = await t.build.client();
    const b = await t.build.client();
    const staff = await t.loginAs('staff');
    const ids = (await t.inject(staff, { method: 'GET', url: '/api/inventory/clients' }))
      .json()
      .map((c: { id: string }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
  });
});

describe('DELETE /api/inventory/clients/:id while in use', () => {
  it('is a 409 naming what still uses the client, and changes nothing', async () => {
    const staff = await t.loginAs('staff');
    const client = await t.build.client({ name: 'Busy client' });
    for (let i = 0; i < 3; i++) await t.build.item({ client_id: client.id });
    await t.build.manifest({ client_id: client.id });
    await t.build.member({ role: 'client', client_id: client.id });
    const before = await activityCount(t.app);

    const res = await t.inject(staff, {
      method: 'DELETE',
      url: `/api/inventory/clients/${client.id}`,
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      code: 'in_use',
      message: 'This client still has 3 items, 1 manifest and 1 member.',
    });
    const still = await t.inject(staff, {
      method: 'GET',
      url: `/api/inventory/clients/${client.id}`,
    });
    expect(still.json().name).toBe('Busy client');
    expect(await activityCount(t.app)).toBe(before);
  });

  it('names just the one kind of use when only members remain', async () => {
    const staff = await t.loginAs('staff');
    const client = await t.build.client();
    await t.build.member({ role: 'client', client_id: client.id });
    await t.build.member({ role: 'client', client_id: client.id });
    const res = await t.inject(staff, {
      method: 'DELETE',
      url: `/api/inventory/clients/${client.id}`,
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe('This client still has 2 members.');
  });
});
