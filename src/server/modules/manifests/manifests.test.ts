import { describe, expect, it } from 'vitest';
import { anonymous, errorOf, type Session, useTestApp } from '../../../../test/helpers/app.ts';
import {
  activityCount,
  lastActivityFor,
  protoPayload,
  withActivityBroken,
} from '../../../../test/helpers/catalog.ts';

const BASE = '/api/inventory/manifests';

const t = useTestApp();
const [clientUser, staff] = t.signIn('client', 'staff');

const getAs = (session: Session, url: string) => t.inject(session, { method: 'GET', url });
/** An item made by the factory, as its row is stored. */
const storedItem = async (fields: Parameters<typeof t.build.item>[0]) =>
  t.row('items', (await t.build.item(fields)).id);
const manifestRow = (id: string) => t.findRow('manifests', id);
const requirementsOf = (id: string) => t.componentCounts('requirements', id);
/** Every write route, for manifest `id`. */
const writes = (id: string) =>
  [
    { method: 'POST', url: BASE, payload: { name: 'x' } },
    { method: 'PUT', url: `${BASE}/${id}`, payload: { name: 'x' } },
    { method: 'DELETE', url: `${BASE}/${id}` },
  ] as const;

describe('manifests: refusals', () => {
  it('answers 401 to anonymous callers on every route, and changes nothing', async () => {
    const m = await t.build.manifest({ name: 'Untouched' });
    const before = await activityCount(t.app);
    for (const call of [
      { method: 'GET', url: BASE } as const,
      { method: 'GET', url: `${BASE}/${m.id}` } as const,
      ...writes(m.id),
    ]) {
      const res = await t.inject(anonymous, call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect((await manifestRow(m.id))?.name).toBe('Untouched');
    expect(await activityCount(t.app)).toBe(before);
  });

  it('answers 403 to client users on every write, even for their own client', async () => {
    const m = await t.build.manifest({
      name: 'Theirs',
      client_id: clientUser.member!.client_id,
    });
    const before = await activityCount(t.app);
    for (const call of writes(m.id)) {
      const res = await t.inject(clientUser, call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    expect((await manifestRow(m.id))?.name).toBe('Theirs');
    expect(await activityCount(t.app)).toBe(before);
  });

  it('refuses bad bodies with 400 and a readable message, and changes nothing', async () => {
    const m = await t.build.manifest({ name: 'Kept', note: 'n', status: 'Rack' });
    const manifestsBefore = (await getAs(staff, BASE)).json().length;
    const activityBefore = await activityCount(t.app);
    const cases: Array<[unknown, RegExp]> = [
      [{}, /Name is required|Send at least one field/],
      [{ name: ' ' }, /Name is required/],
      [{ name: 'ok', status: 'Banana' }, /Unknown type/],
      [{ name: 'ok', status: 3 }, /Unknown type/],
      [{ name: 'ok', note: 'x'.repeat(5001) }, /note/],
      [{ name: 'ok', note: 5 }, /note/],
      [{ name: 'ok', client_id: 123 }, /client_id/],
      [{ name: 'ok', client_id: 'nosuchclient' }, /That client does not exist\./],
      [{ name: 'ok', is_admin: true }, /Unknown field: is_admin/],
      [{ name: 'ok', items: [] }, /Unknown field: items/],
    ];
    for (const [body, message] of cases) {
      for (const [method, url] of [
        ['POST', BASE],
        ['PUT', `${BASE}/${m.id}`],
      ] as const) {
        const res = await t.inject(staff, { method, url, payload: body as object });
        expect(res.statusCode, `${method} ${JSON.stringify(body)}`).toBe(400);
        expect(errorOf(res).message).toMatch(message);
      }
    }
    const proto = await t.inject(staff, {
      method: 'POST',
      url: BASE,
      ...protoPayload({ name: 'Poisoned' }),
    });
    expect(proto.statusCode).toBe(400);
    expect((await getAs(staff, BASE)).json().length).toBe(manifestsBefore);
    expect(await manifestRow(m.id)).toMatchObject({ name: 'Kept', note: 'n', status: 'Rack' });
    expect(await activityCount(t.app)).toBe(activityBefore);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const payload = method === 'PUT' ? { name: 'x' } : undefined;
      const unknown = await t.inject(staff, { method, url: `${BASE}/nosuchid`, payload });
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).message).toBe('Manifest not found.');
      const bad = await t.inject(staff, { method, url: `${BASE}/a.b`, payload });
      expect(bad.statusCode).toBe(400);
    }
  });
});

describe('manifests: behaviour', () => {
  it('creates with name, note, type and client, and shows the client name', async () => {
    const client = await t.build.client({ name: 'Festival Co' });
    const res = await t.inject(staff, {
      method: 'POST',
      url: BASE,
      payload: { name: ' Main stage ', note: ' rig 1 ', status: 'FF&E', client_id: client.id },
    });
    expect(res.statusCode).toBe(201);
    const m = res.json();
    expect(m).toEqual({
      id: m.id,
      name: 'Main stage',
      note: 'rig 1',
      status: 'FF&E',
      client_id: client.id,
      client_name: 'Festival Co',
      stage: 'planning',
      out_date: null,
      due_date: null,
      prep_days: 0,
      turnaround_days: 0,
      version: 1,
      updated_at: m.updated_at,
      abilities: {
        edit: true,
        delete: true,
        pack: true,
        dispatch: true,
        return: false,
        close: false,
        reserve: true,
        unreserve: false,
        reserve_items: true,
      },
    });
    expect((await getAs(staff, `${BASE}/${m.id}`)).json()).toEqual(m);
    expect(await lastActivityFor(t.app, m.id)).toMatchObject({
      type: 'MANIFEST',
      action: 'CREATE',
      email: staff.member!.email,
      ref_name: 'Main stage',
      ref_id: m.id,
    });
  });

  it("stores an empty type and note as null, and the spec's form body {name, note, status} works", async () => {
    const res = await t.inject(staff, {
      method: 'POST',
      url: BASE,
      payload: { name: 'Bare', note: '', status: '' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      note: null,
      status: null,
      client_id: null,
      client_name: null,
    });
  });

  it('updates given fields, keeps fields left out, and clears fields sent as null', async () => {
    const client = await t.build.client();
    const m = await t.build.manifest({
      note: 'keep me',
      status: 'Pallet',
      client_id: client.id,
    });
    const partial = await t.inject(staff, {
      method: 'PUT',
      url: `${BASE}/${m.id}`,
      payload: { name: 'Renamed', status: 'Crate' },
    });
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({
      name: 'Renamed',
      note: 'keep me',
      status: 'Crate',
      client_id: client.id,
    });
    expect(partial.json().updated_at >= m.updated_at).toBe(true);

    const cleared = await t.inject(staff, {
      method: 'PUT',
      url: `${BASE}/${m.id}`,
      payload: { name: 'Renamed', note: '', status: null, client_id: null },
    });
    expect(cleared.json()).toMatchObject({
      note: null,
      status: null,
      client_id: null,
      client_name: null,
    });
    expect(await lastActivityFor(t.app, m.id)).toMatchObject({
      action: 'UPDATE',
      ref_name: 'Renamed',
    });
  });

  it('lists by name, ignoring case', async () => {
    const names = ['b manifest', 'A manifest', 'c manifest', 'a manifest 2'];
    for (const name of names) await t.build.manifest({ name });
    const listed = (await getAs(staff, BASE))
      .json()
      .map((m: { name: string }) => m.name)
      .filter((n: string) => names.includes(n));
    expect(listed).toEqual(['A manifest', 'a manifest 2', 'b manifest', 'c manifest']);
  });

  it("shows client users only their client's manifests; others are not found", async () => {
    const own = await t.build.manifest({ client_id: clientUser.member!.client_id });
    const other = await t.build.manifest({ client_id: (await t.build.client()).id });
    const unassigned = await t.build.manifest();

    const listed = (await getAs(clientUser, BASE)).json();
    expect(listed.length).toBeGreaterThan(0);
    expect(
      listed.every((m: { client_id: string }) => m.client_id === clientUser.member!.client_id),
    ).toBe(true);
    expect(listed.map((m: { id: string }) => m.id)).toContain(own.id);

    expect((await getAs(clientUser, `${BASE}/${own.id}`)).statusCode).toBe(200);
    for (const hidden of [other, unassigned]) {
      const res = await getAs(clientUser, `${BASE}/${hidden.id}`);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe('Manifest not found.');
      expect((await getAs(clientUser, `${BASE}/${hidden.id}/requirements`)).statusCode).toBe(404);
    }
    const staffIds = (await getAs(staff, BASE)).json().map((m: { id: string }) => m.id);
    expect(staffIds).toEqual(expect.arrayContaining([own.id, other.id, unassigned.id]));
  });
});

describe('DELETE /api/inventory/manifests/:id', () => {
  it('takes its items off it, deletes its requirements, and leaves the items otherwise alone', async () => {
    const m = await t.build.manifest({ name: 'Going away' });
    const keep = await t.build.manifest();
    const component = await t.build.component();
    await t.build.requirement(m.id, component.id, 3);
    await t.build.requirement(keep.id, component.id, 2);
    const a = await storedItem({ manifest_id: m.id, name: 'Crate A' });
    const b = await storedItem({ manifest_id: m.id, name: 'Crate B' });
    const elsewhere = await storedItem({ manifest_id: keep.id });

    const res = await t.inject(staff, { method: 'DELETE', url: `${BASE}/${m.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expect(await manifestRow(m.id)).toBeUndefined();
    expect(await requirementsOf(m.id)).toEqual([]);
    expect(await requirementsOf(keep.id)).toEqual([{ component_id: component.id, count: 2 }]);
    const items = await t.app.db
      .selectFrom('items')
      .selectAll()
      .where('id', 'in', [a.id, b.id, elsewhere.id])
      .orderBy('name')
      .execute();
    expect(items).toHaveLength(3);
    for (const [item, original] of [
      [items.find((i) => i.id === a.id)!, a],
      [items.find((i) => i.id === b.id)!, b],
    ] as const) {
      // Taken off the manifest: a form still showing it is stale, so the version moves.
      expect(item).toEqual({
        ...original,
        manifest_id: null,
        updated_at: item.updated_at,
        version: 2,
      });
      expect(item.updated_at > original.updated_at).toBe(true);
    }
    expect(items.find((i) => i.id === elsewhere.id)!.manifest_id).toBe(keep.id);
    expect(await lastActivityFor(t.app, m.id)).toMatchObject({
      action: 'DELETE',
      ref_name: 'Going away',
    });
  });

  it('rolls everything back when its feed entry cannot be written', async () => {
    const m = await t.build.manifest({ name: 'Stays' });
    const component = await t.build.component();
    await t.build.requirement(m.id, component.id, 5);
    const item = await storedItem({ manifest_id: m.id });
    const before = await activityCount(t.app);

    await withActivityBroken(t.app, async () => {
      const res = await t.inject(staff, { method: 'DELETE', url: `${BASE}/${m.id}` });
      expect(res.statusCode).toBe(500);
    });
    expect((await manifestRow(m.id))?.name).toBe('Stays');
    expect(await requirementsOf(m.id)).toEqual([{ component_id: component.id, count: 5 }]);
    const row = await t.findRow('items', item.id);
    expect(row).toEqual({ ...item, version: 1 });
    expect(await activityCount(t.app)).toBe(before);
  });
});
