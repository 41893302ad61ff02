import { describe, expect, it } from 'vitest';
import { anonymous, errorOf, type Session, useTestApp } from '../../../../test/helpers/app.ts';
import { activityCount, lastActivityFor, protoPayload } from '../../../../test/helpers/catalog.ts';

const BASE = '/api/inventory/manifests';
const DUPLICATE = '/api/inventory/duplicate';

const t = useTestApp();
const [clientUser, staff] = t.signIn('client', 'staff');

const getAs = (session: Session, url: string) => t.inject(session, { method: 'GET', url });
const manifestCount = () => t.count('manifests');
const requirementsOf = (id: string) => t.componentCounts('requirements', id);

describe('POST /api/inventory/duplicate: refusals', () => {
  it('answers 401 to anonymous callers and 403 to client users, creating nothing', async () => {
    const m = await t.build.manifest({ client_id: clientUser.member!.client_id });
    const manifests = await manifestCount();
    const activity = await activityCount(t.app);
    const call = { method: 'POST', url: DUPLICATE, payload: { id: m.id, name: 'Copy' } } as const;
    expect((await t.inject(anonymous, call)).statusCode).toBe(401);
    expect((await t.inject(clientUser, call)).statusCode).toBe(403);
    expect(await manifestCount()).toBe(manifests);
    expect(await activityCount(t.app)).toBe(activity);
  });

  it('refuses bad input with 400 and unknown manifests with 404, creating nothing', async () => {
    const m = await t.build.manifest();
    const manifests = await manifestCount();
    for (const [body, message] of [
      [{ id: m.id }, /Name is required/],
      [{ id: m.id, name: '' }, /Name is required/],
      [{ name: 'Copy' }, /id/],
      [{ id: 5, name: 'Copy' }, /id/],
      [{ id: m.id, name: 'Copy', status: 'Nope' }, /Unknown type/],
      [{ id: m.id, name: 'Copy', client_id: null }, /Unknown field: client_id/],
    ] as const) {
      const res = await t.inject(staff, { method: 'POST', url: DUPLICATE, payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message).toMatch(message);
    }
    const proto = await t.inject(staff, {
      method: 'POST',
      url: DUPLICATE,
      ...protoPayload({ id: m.id, name: 'Copy' }),
    });
    expect(proto.statusCode).toBe(400);
    const unknown = await t.inject(staff, {
      method: 'POST',
      url: DUPLICATE,
      payload: { id: 'nosuchid', name: 'Copy' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('Manifest not found.');
    expect(await manifestCount()).toBe(manifests);
  });
});

describe('POST /api/inventory/duplicate: behaviour', () => {
  it('copies note, type, client and requirements under the new name, but not the items', async () => {
    const client = await t.build.client({ name: 'Copy client' });
    const source = await t.build.manifest({
      name: 'Tour 2024',
      note: 'original note',
      status: 'Pallet',
      client_id: client.id,
    });
    const truss = await t.build.component({ name: 'Truss' });
    const cable = await t.build.component({ name: 'Cable' });
    await t.build.requirement(source.id, truss.id, 8);
    await t.build.requirement(source.id, cable.id, 20);
    const item = await t.build.item({ manifest_id: source.id });

    const res = await t.inject(staff, {
      method: 'POST',
      url: DUPLICATE,
      payload: { id: source.id, name: 'Tour 2025', note: 'new note', status: 'Crate' },
    });
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({
      name: 'Tour 2025',
      note: 'new note',
      status: 'Crate',
      client_id: client.id,
      client_name: 'Copy client',
    });
    expect(copy.id).not.toBe(source.id);
    const reqs = (await getAs(staff, `${BASE}/${copy.id}/requirements`)).json();
    expect(reqs).toEqual([
      {
        manifest_id: copy.id,
        component_id: cable.id,
        component_name: 'Cable',
        count: 20,
        version: 1,
      },
      {
        manifest_id: copy.id,
        component_id: truss.id,
        component_name: 'Truss',
        count: 8,
        version: 1,
      },
    ]);
    expect(await t.rows('items', { manifest_id: copy.id })).toEqual([]);
    expect((await t.findRow('items', item.id))?.manifest_id).toBe(source.id);
    expect((await requirementsOf(source.id)).length).toBe(2);
    expect(await lastActivityFor(t.app, copy.id)).toMatchObject({
      type: 'MANIFEST',
      action: 'CREATE',
      ref_name: 'Tour 2025',
    });
  });

  it("keeps the original's note and type when the body leaves them out", async () => {
    const source = await t.build.manifest({ note: 'inherit me', status: 'Bin' });
    const res = await t.inject(staff, {
      method: 'POST',
      url: DUPLICATE,
      payload: { id: source.id, name: 'Second' },
    });
    expect(res.json()).toMatchObject({ name: 'Second', note: 'inherit me', status: 'Bin' });
    expect((await getAs(staff, `${BASE}/${res.json().id}/requirements`)).json()).toEqual([]);
  });
});
