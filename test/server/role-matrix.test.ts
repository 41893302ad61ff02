import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, api } from '../../src/common/api/index.ts';
import { buildPath, type Endpoint } from '../../src/common/api/contract.ts';
import {
  can,
  PERMISSIONS,
  ROLES,
  type Permission,
  type Role,
} from '../../src/common/permissions.ts';
import { createTestApp, errorOf, injectAs, type Session, type TestApp } from '../helpers/app.ts';
import {
  SAMPLES,
  THROWAWAY_PASSWORD,
  type EndpointKey,
  type SampleRequest,
} from './role-matrix/samples.ts';
import { buildMember } from '../factories/members.ts';
import { differences, snapshot, uploadsDirOf } from './role-matrix/snapshot.ts';
import { buildWorld, sessionOf, type World } from './role-matrix/world.ts';

/**
 * The permissions matrix, checked route by route: every endpoint of the registry, called
 * by every role with a valid request. A denied caller gets 401 (anonymous) or 403
 * (signed in) and changes nothing; an allowed one gets the sample's status. Which is
 * which comes from the endpoint's `access` and the table below, so a new endpoint is
 * covered the day it is registered.
 */

/**
 * Who may do what, written out by hand rather than read from permissions.ts: a change to
 * the matrix there fails this test until the table here is changed to agree with it.
 */
//                 anonymous client staff  admin
const MATRIX: Record<Permission, [boolean, boolean, boolean, boolean]> = {
  'item:read': [true, true, true, true],
  'item:list': [false, true, true, true],
  'catalog:read': [false, true, true, true],
  'activity:read': [false, false, true, true],
  'inventory:write': [false, false, true, true],
  'members:manage': [false, false, false, true],
  self: [false, true, true, true],
  'webhooks:manage': [false, false, false, true],
  'inspections:manage': [false, false, false, true],
  'inspections:plan': [false, false, true, true],
  'stocktake:read': [false, false, true, true],
  'stocktake:write': [false, false, true, true],
};
const COLUMNS: Role[] = ['anonymous', 'client', 'staff', 'admin'];

const ENDPOINTS = Object.entries(api).flatMap(([group, endpoints]) =>
  Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({
    key: `${group}.${name}` as EndpointKey,
    endpoint,
  })),
);

const allowed = (endpoint: Endpoint, role: Role) =>
  endpoint.access === 'public' || MATRIX[endpoint.access][COLUMNS.indexOf(role)]!;

let t: TestApp;
let world: World;

/** A member of the role (client users of client A) with THROWAWAY_PASSWORD. */
const throwaway = (role: Exclude<Role, 'anonymous'>) =>
  buildMember(t.app, {
    role,
    password: THROWAWAY_PASSWORD,
    ...(role === 'client' ? { client_id: world.clientA.id } : {}),
  });

beforeAll(async () => {
  // Nothing is sent: deliveries changing in the background would move the snapshots.
  t = await createTestApp({}, { webhooks: { deliver: false } });
  world = await buildWorld(t.app);
});
afterAll(async () => {
  await t.close();
});

function send(endpoint: Endpoint, session: Session, request: SampleRequest, body?: unknown) {
  const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
  const url = `/api${buildPath(endpoint.path, request.params)}${query}`;
  const payload = body ?? request.body;
  if (request.raw) {
    return injectAs(t.app, session, {
      method: endpoint.method,
      url,
      headers: { 'content-type': request.raw.contentType },
      payload: request.raw.payload,
    });
  }
  return injectAs(t.app, session, {
    method: endpoint.method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('the permissions matrix', () => {
  it('is the table above, cell by cell', () => {
    expect(COLUMNS).toEqual([...ROLES]);
    expect(Object.keys(MATRIX).sort()).toEqual([...PERMISSIONS].sort());
    for (const permission of PERMISSIONS) {
      const row = COLUMNS.map((role) => can(role, permission));
      expect(row, permission).toEqual(MATRIX[permission]);
    }
  });
});

describe('the role matrix covers the whole API', () => {
  it('has a sample request for every endpoint, and none for endpoints that do not exist', () => {
    const registry = allEndpoints();
    expect(ENDPOINTS.map((e) => e.endpoint)).toEqual(registry);
    const keys = ENDPOINTS.map((e) => e.key).sort();
    expect(keys.filter((key) => !(key in SAMPLES))).toEqual([]);
    expect(Object.keys(SAMPLES).sort()).toEqual(keys);
  });

  it('finds every endpoint served by the app', () => {
    const missing = allEndpoints()
      .filter((e) => !t.app.registeredEndpoints.has(e))
      .map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });
});

describe(`role matrix: ${ENDPOINTS.length} endpoints × ${ROLES.length} roles`, () => {
  for (const { key, endpoint } of ENDPOINTS) {
    for (const role of ROLES) {
      const ok = allowed(endpoint, role);
      const denial = role === 'anonymous' ? 401 : 403;
      const sample = SAMPLES[key];
      const expected = ok ? sample.status : denial;

      it(`${endpoint.method} /api${endpoint.path} (${key}) as ${role}: ${expected}`, async () => {
        const request = await sample.request({ app: t.app, world, role });
        const session =
          role === 'anonymous'
            ? world.sessions[role]
            : sample.throwawayMember
              ? await sessionOf(t.app, await throwaway(role))
              : sample.freshSession
                ? await sessionOf(t.app, world.members[role])
                : world.sessions[role];

        if (ok) {
          const res = await send(endpoint, session, request);
          expect(res.statusCode, res.body).toBe(sample.status);
          return;
        }

        const uploads = uploadsDirOf(t.config.dataDir);
        const before = await snapshot(t.app, uploads);
        const res = await send(endpoint, session, request);
        expect(res.statusCode, res.body).toBe(denial);
        expect(errorOf(res).code).toBe(role === 'anonymous' ? 'unauthorized' : 'forbidden');
        // Authorization comes before validation: a malformed body is refused the same.
        if (endpoint.body) {
          const bad = await send(endpoint, session, request, { not_a_field: true });
          expect(bad.statusCode, bad.body).toBe(denial);
        }
        expect(differences(before, await snapshot(t.app, uploads))).toEqual([]);
      });
    }
  }
});

describe('row-level rules', () => {
  const ids = (items: Array<{ id: string }>) => items.map((i) => i.id);

  it("gives a client user only their client's items, listed and searched", async () => {
    const client = world.sessions.client;
    const all = await injectAs(t.app, client, { method: 'GET', url: '/api/inventory/items' });
    expect(all.statusCode).toBe(200);
    const listed = all.json() as Array<{ id: string; client_id: string | null }>;
    expect(ids(listed)).toContain(world.itemA.id);
    expect(ids(listed)).not.toContain(world.itemB.id);
    expect(listed.every((i) => i.client_id === world.clientA.id)).toBe(true);

    const searched = await injectAs(t.app, client, {
      method: 'GET',
      url: '/api/inventory/items?q=crate&limit=100',
    });
    expect(searched.statusCode).toBe(200);
    const page = searched.json() as {
      items: Array<{ id: string; client_id: string }>;
      total: number;
    };
    expect(ids(page.items)).toContain(world.itemA.id);
    expect(ids(page.items)).not.toContain(world.itemB.id);
    expect(page.items.every((i) => i.client_id === world.clientA.id)).toBe(true);
    expect(page.total).toBe(page.items.length);

    // Staff searching the same words do see client B's crate: the filter is the role's.
    const staff = await injectAs(t.app, world.sessions.staff, {
      method: 'GET',
      url: '/api/inventory/items?q=crate&limit=100',
    });
    expect(ids(staff.json().items)).toContain(world.itemB.id);
  });

  it("does not find another client's item by its exact id or label for a client user", async () => {
    const client = world.sessions.client;
    for (const q of [world.itemB.id, world.label.id]) {
      const res = await injectAs(t.app, client, {
        method: 'GET',
        url: `/api/inventory/items?q=${encodeURIComponent(q)}`,
      });
      expect(res.statusCode).toBe(200);
      const found = ids(res.json().items);
      // The label is on item A (client A): found. Item B's id: never.
      if (q === world.label.id) expect(found[0]).toBe(world.itemA.id);
      else expect(found).toEqual([]);
    }
  });

  it("answers 404 to a client user for another client's manifest, wherever it is asked for", async () => {
    const client = world.sessions.client;
    const id = world.manifestB.id;
    for (const url of [
      `/api/inventory/manifests/${id}`,
      `/api/inventory/manifests/${id}/items`,
      `/api/inventory/manifests/${id}/components`,
      `/api/inventory/manifests/${id}/requirements`,
    ]) {
      const res = await injectAs(t.app, client, { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(errorOf(res).message).toBe('Manifest not found.');
    }
    const list = await injectAs(t.app, client, { method: 'GET', url: '/api/inventory/manifests' });
    expect(ids(list.json())).toContain(world.manifestA.id);
    expect(ids(list.json())).not.toContain(id);
  });

  it('never tells an anonymous reader who scanned an item last', async () => {
    const staff = world.sessions.staff;
    const scan = await injectAs(t.app, staff, {
      method: 'POST',
      url: `/api/inventory/scan/${world.label.id}`,
    });
    expect(scan.statusCode).toBe(200);
    const url = `/api/inventory/items/${world.itemA.id}`;

    const signedIn = await injectAs(t.app, staff, { method: 'GET', url });
    expect(signedIn.json().last_scanned_by_email).toBe(world.members.staff.email);

    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(200);
    const body = anonymous.json();
    expect(body.id).toBe(world.itemA.id);
    expect(body.name).toBe('Crate A');
    expect(body).not.toHaveProperty('last_scanned_by_email');
    expect(anonymous.body).not.toContain(world.members.staff.email);
  });
});
