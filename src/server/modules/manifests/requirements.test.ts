import { describe, expect, it } from 'vitest';
import { anonymous, errorOf, useTestApp } from '../../../../test/helpers/app.ts';
import { activityCount, lastActivityFor, protoPayload } from '../../../../test/helpers/catalog.ts';

const t = useTestApp();
const [clientUser, staff] = t.signIn('client', 'staff');

const reqUrl = (manifestId: string, componentId?: string) =>
  `/api/inventory/manifests/${manifestId}/requirements${componentId ? `/${componentId}` : ''}`;
const stored = (manifestId: string) => t.componentCounts('requirements', manifestId);

/** A manifest requiring 2 of one component type, plus a second type not yet required. */
async function setup() {
  const manifest = await t.build.manifest({ client_id: clientUser.member!.client_id });
  const required = await t.build.component({ name: 'Required' });
  const spare = await t.build.component({ name: 'Spare' });
  await t.build.requirement(manifest.id, required.id, 2);
  return { manifest, required, spare };
}

describe('requirements: refusals', () => {
  it('answers 401 to anonymous callers and 403 to client users on writes, changing nothing', async () => {
    const { manifest, required, spare } = await setup();
    const before = await activityCount(t.app);
    const writes = [
      { method: 'POST', url: reqUrl(manifest.id), payload: { component_id: spare.id } },
      { method: 'PUT', url: reqUrl(manifest.id, required.id), payload: { count: 9 } },
      { method: 'DELETE', url: reqUrl(manifest.id, required.id) },
    ] as const;
    expect(
      (await t.inject(anonymous, { method: 'GET', url: reqUrl(manifest.id) })).statusCode,
    ).toBe(401);
    for (const call of writes) {
      expect((await t.inject(anonymous, call)).statusCode, call.method).toBe(401);
      expect((await t.inject(clientUser, call)).statusCode, call.method).toBe(403);
    }
    expect(await stored(manifest.id)).toEqual([{ component_id: required.id, count: 2 }]);
    expect(await activityCount(t.app)).toBe(before);
  });

  it('refuses bad bodies with 400 and a readable message, changing nothing', async () => {
    const { manifest, required, spare } = await setup();
    const before = await activityCount(t.app);
    const postCases: Array<[unknown, RegExp]> = [
      [{}, /Component type is required/],
      [{ component_id: '' }, /Component type is required/],
      [{ component_id: 7 }, /Component type is required/],
      [{ component_id: spare.id, count: 0 }, /Count must be at least 1/],
      [{ component_id: spare.id, count: -3 }, /Count must be at least 1/],
      [{ component_id: spare.id, count: 1.5 }, /Count must be a whole number/],
      [{ component_id: spare.id, count: '2' }, /Count must be a whole number/],
      [{ component_id: spare.id, count: null }, /Count must be a whole number/],
      [{ component_id: spare.id, manifest_id: 'other' }, /Unknown field: manifest_id/],
      [{ component_id: 'nosuchcomponent' }, /That component type does not exist\./],
    ];
    for (const [payload, message] of postCases) {
      const res = await t.inject(staff, {
        method: 'POST',
        url: reqUrl(manifest.id),
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).message).toMatch(message);
    }
    const putCases: Array<[unknown, RegExp]> = [
      [{}, /Count is required/],
      [{ count: 0 }, /Count must be at least 1/],
      [{ count: 'many' }, /Count must be a whole number/],
      [{ count: 3, component_id: spare.id }, /Unknown field: component_id/],
    ];
    for (const [payload, message] of putCases) {
      const res = await t.inject(staff, {
        method: 'PUT',
        url: reqUrl(manifest.id, required.id),
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).message).toMatch(message);
    }
    const proto = await t.inject(staff, {
      method: 'POST',
      url: reqUrl(manifest.id),
      ...protoPayload({ component_id: spare.id }),
    });
    expect(proto.statusCode).toBe(400);
    expect(await stored(manifest.id)).toEqual([{ component_id: required.id, count: 2 }]);
    expect(await activityCount(t.app)).toBe(before);
  });

  it('answers 404 for unknown manifests and requirements', async () => {
    const { manifest, spare } = await setup();
    const cases = [
      { method: 'GET', url: reqUrl('nosuchmanifest') },
      { method: 'POST', url: reqUrl('nosuchmanifest'), payload: { component_id: spare.id } },
      { method: 'PUT', url: reqUrl('nosuchmanifest', spare.id), payload: { count: 2 } },
      { method: 'PUT', url: reqUrl(manifest.id, spare.id), payload: { count: 2 } },
      { method: 'DELETE', url: reqUrl(manifest.id, spare.id) },
    ] as const;
    for (const call of cases) {
      const res = await t.inject(staff, call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    expect(errorOf(await t.inject(staff, cases[3])).message).toBe('Requirement not found.');
    expect(errorOf(await t.inject(staff, cases[0])).message).toBe('Manifest not found.');
  });

  it('answers 409 for a component type already required, keeping its count', async () => {
    const { manifest, required } = await setup();
    const before = await activityCount(t.app);
    const res = await t.inject(staff, {
      method: 'POST',
      url: reqUrl(manifest.id),
      payload: { component_id: required.id, count: 5 },
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      code: 'already_required',
      message: 'This component type is already on the manifest. Change its count instead.',
    });
    expect(await stored(manifest.id)).toEqual([{ component_id: required.id, count: 2 }]);
    expect(await activityCount(t.app)).toBe(before);
  });
});

describe('requirements: behaviour', () => {
  it('lists by component name, and client users read those of their own manifests', async () => {
    const manifest = await t.build.manifest({ client_id: clientUser.member!.client_id });
    for (const name of ['rope', 'Bolts', 'anchors', 'Clamps']) {
      await t.build.requirement(manifest.id, (await t.build.component({ name })).id);
    }
    for (const session of [staff, clientUser]) {
      const res = await t.inject(session, { method: 'GET', url: reqUrl(manifest.id) });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((r: { component_name: string }) => r.component_name)).toEqual([
        'anchors',
        'Bolts',
        'Clamps',
        'rope',
      ]);
    }
    const theirs = await t.build.manifest({ client_id: (await t.build.client()).id });
    const hidden = await t.inject(clientUser, { method: 'GET', url: reqUrl(theirs.id) });
    expect(hidden.statusCode).toBe(404);
  });

  it('adds with a default count of 1, touching the manifest and its feed', async () => {
    const { manifest, spare } = await setup();
    const res = await t.inject(staff, {
      method: 'POST',
      url: reqUrl(manifest.id),
      payload: { component_id: spare.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      manifest_id: manifest.id,
      component_id: spare.id,
      component_name: 'Spare',
      count: 1,
      version: 1,
    });
    const after = await t.row('manifests', manifest.id);
    expect(after.updated_at > manifest.updated_at).toBe(true);
    expect(await lastActivityFor(t.app, manifest.id)).toMatchObject({
      type: 'MANIFEST',
      action: 'UPDATE',
      email: staff.member!.email,
      ref_name: manifest.name,
    });
  });

  it('changes a count and removes a requirement', async () => {
    const { manifest, required } = await setup();
    const put = await t.inject(staff, {
      method: 'PUT',
      url: reqUrl(manifest.id, required.id),
      payload: { count: 12 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ component_id: required.id, count: 12 });
    expect(await stored(manifest.id)).toEqual([{ component_id: required.id, count: 12 }]);

    const before = await activityCount(t.app);
    const del = await t.inject(staff, {
      method: 'DELETE',
      url: reqUrl(manifest.id, required.id),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ ok: true });
    expect(await stored(manifest.id)).toEqual([]);
    expect(await activityCount(t.app)).toBe(before + 1);
    const again = await t.inject(staff, {
      method: 'DELETE',
      url: reqUrl(manifest.id, required.id),
    });
    expect(again.statusCode).toBe(404);
  });
});
