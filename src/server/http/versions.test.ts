import { describe, expect, it } from 'vitest';
import { errorOf, injectAs, type Session, useTestApp } from '../../../test/helpers/app.ts';
import { generateLabelCode } from '../lib/label-codes.ts';

/**
 * Optimistic concurrency on every entity update (docs/decisions.md, "Versions and
 * conflicts"): a version sent back (body or If-Match) that is no longer current is a 409
 * carrying the record as it is now, and nothing is written.
 */

const t = useTestApp();
const [staff, admin, client] = t.signIn('staff', 'admin', 'client');

type Record = { version: number } & { [field: string]: unknown };

interface Versioned {
  /** Writes `body` (which may carry a version) with these extra headers. */
  put(body: object, headers?: { [name: string]: string }): ReturnType<typeof injectAs>;
  /** The record as its list or single read shows it now. */
  read(): Promise<Record>;
  /** Two different edits, so the second can be told apart from the first. */
  edits: [object, object];
  /** The field the edits change, and what each sets it to in the answer. */
  field: string;
  values: [unknown, unknown];
  /** The first write ends sessions (a password change): sign in again after it. */
  session: () => Session;
}

const api = (path: string) => `/api${path}`;

async function readFrom(session: Session, url: string, pick?: (r: Record) => boolean) {
  const res = await t.inject(session, { method: 'GET', url: api(url) });
  expect(res.statusCode).toBe(200);
  const body = res.json() as Record | Record[];
  return Array.isArray(body) ? body.find(pick!)! : body;
}

/** An entity at `url` (under /api) whose edits set `field`, written and read by staff unless told. */
function versioned(
  url: string,
  field: string,
  values: [unknown, unknown],
  more: Partial<Pick<Versioned, 'read' | 'edits' | 'session'>> = {},
): Versioned {
  const session = more.session ?? (() => staff);
  return {
    put: (body, headers) =>
      t.inject(session(), { method: 'PUT', url: api(url), payload: body, headers }),
    read: more.read ?? (() => readFrom(session(), url)),
    edits: more.edits ?? [{ [field]: values[0] }, { [field]: values[1] }],
    field,
    values,
    session,
  };
}

/** A count line (requirement or item component) of `owner`, read back from its list. */
const countLine = (owner: string, componentId: string) =>
  versioned(`${owner}/${componentId}`, 'count', [5, 9], {
    read: () => readFrom(staff, owner, (r) => r.component_id === componentId),
  });

/** A count line of 2 on a new manifest (requirement) or item (item component). */
async function newCountLine(owners: 'manifests' | 'items', lines: 'requirements' | 'components') {
  const k = await t.build.component();
  const owner = owners === 'manifests' ? await t.build.manifest() : await t.build.item();
  const build = owners === 'manifests' ? t.build.requirement : t.build.itemComponent;
  await build(owner.id, k.id, 2);
  return countLine(`/inventory/${owners}/${owner.id}/${lines}`, k.id);
}

const ENTITIES: [string, () => Promise<Versioned>][] = [
  [
    'item',
    async () => {
      const item = await t.build.item({ name: 'Crate', note: 'first' });
      return versioned(`/inventory/items/${item.id}`, 'note', ['mine', 'stale']);
    },
  ],
  [
    'manifest',
    async () => {
      const m = await t.build.manifest({ name: 'Tour', note: 'first' });
      return versioned(`/inventory/manifests/${m.id}`, 'note', ['mine', 'stale']);
    },
  ],
  ['requirement', () => newCountLine('manifests', 'requirements')],
  ['item component', () => newCountLine('items', 'components')],
  ...(
    [
      ['client', 'clients', 'client'],
      ['location', 'locations', 'location'],
      ['component type', 'components', 'component'],
    ] as const
  ).map(([noun, path, factory]): [string, () => Promise<Versioned>] => [
    noun,
    async () => {
      const row = await t.build[factory]({ name: 'Before' });
      return versioned(`/inventory/${path}/${row.id}`, 'name', ['Mine', 'Stale']);
    },
  ]),
  [
    'member',
    async () => {
      const member = await t.build.member({ role: 'staff' });
      return versioned(`/members/id/${member.id}`, 'email', [member.email, member.email], {
        session: () => admin,
        read: () => readFrom(admin, '/members/list', (r) => r.id === member.id),
        edits: [{ password: 'first-new-pass' }, { password: 'second-new-pass' }],
      });
    },
  ],
];

describe.each(ENTITIES)('%s updates', (noun, setup) => {
  it('carry the version: 409 with the current record for a stale one, nothing written', async () => {
    const entity = await setup();
    const loaded = await entity.read();
    expect(loaded.version).toBe(1);

    const first = await entity.put({ ...entity.edits[0], version: loaded.version });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = await entity.read();
    expect(afterFirst.version).toBe(2);
    expect(afterFirst[entity.field]).toBe(entity.values[0]);

    const stale = await entity.put({ ...entity.edits[1], version: loaded.version });
    expect(stale.statusCode).toBe(409);
    const error = stale.json().error;
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(/changed .* while you were editing/);
    expect(error.current).toMatchObject({ version: 2, [entity.field]: entity.values[0] });
    expect(await entity.read()).toEqual(afterFirst);
  });

  it('read If-Match the same way, and refuse a malformed one with 400', async () => {
    const entity = await setup();
    const loaded = await entity.read();
    const stale = await entity.put(entity.edits[1], { 'if-match': `"${loaded.version + 5}"` });
    expect(stale.statusCode).toBe(409);
    const malformed = await entity.put(entity.edits[1], { 'if-match': 'yesterday' });
    expect(malformed.statusCode).toBe(400);
    const disagree = await entity.put(
      { ...entity.edits[1], version: loaded.version },
      { 'if-match': `"${loaded.version + 1}"` },
    );
    expect(disagree.statusCode).toBe(400);
    expect(await entity.read()).toEqual(loaded);

    const current = await entity.put(entity.edits[0], { 'if-match': `"${loaded.version}"` });
    expect(current.statusCode).toBe(200);
    expect((await entity.read()).version).toBe(loaded.version + 1);
  });

  it('without a version, the last writer wins as before', async () => {
    const entity = await setup();
    expect((await entity.put(entity.edits[0])).statusCode).toBe(200);
    const second = await entity.put(entity.edits[1]);
    expect(second.statusCode).toBe(200);
    const now = await entity.read();
    expect(now.version).toBe(3);
    expect(now[entity.field]).toBe(entity.values[1]);
    expect(noun).toBeTruthy();
  });
});

describe('versions in answers', () => {
  it('single reads carry the version as an ETag, and updates answer with the new one', async () => {
    const item = await t.build.item();
    for (const session of [staff, client, { member: null, headers: {} }]) {
      const read = await t.inject(session, {
        method: 'GET',
        url: `/api/inventory/items/${item.id}`,
      });
      expect(read.headers.etag).toBe('"1"');
      expect(read.json().version).toBe(1);
    }
    const put = await t.inject(staff, {
      method: 'PUT',
      url: `/api/inventory/items/${item.id}`,
      payload: { name: 'Renamed', version: 1 },
    });
    expect(put.headers.etag).toBe('"2"');
    expect(put.json()).toMatchObject({ name: 'Renamed', version: 2 });
  });

  it('a version is checked only after access and input: 403 and 400 stay what they were', async () => {
    const item = await t.build.item();
    const url = `/api/inventory/items/${item.id}`;
    const denied = await t.inject(client, {
      method: 'PUT',
      url,
      payload: { note: 'x', version: 99 },
    });
    expect(denied.statusCode).toBe(403);
    for (const version of [0, 1.5, '1', null]) {
      const bad = await t.inject(staff, { method: 'PUT', url, payload: { version } });
      expect(bad.statusCode, String(version)).toBe(400);
    }
    const onlyVersion = await t.inject(staff, {
      method: 'PUT',
      url,
      payload: { version: 1 },
    });
    expect(errorOf(onlyVersion).message).toBe('Send at least one field to change.');
    expect((await readFrom(staff, `/inventory/items/${item.id}`)).version).toBe(1);
  });

  it('a stale save with an Idempotency-Key answers, and replays, the current record', async () => {
    const item = await t.build.item({ note: 'start' });
    const url = `/api/inventory/items/${item.id}`;
    await t.inject(staff, { method: 'PUT', url, payload: { note: 'theirs' } });
    const stale = () =>
      t.inject(staff, {
        method: 'PUT',
        url,
        payload: { note: 'mine', version: 1 },
        headers: { 'idempotency-key': `stale-${item.id}` },
      });
    for (const res of [await stale(), await stale()]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.current).toMatchObject({ note: 'theirs', version: 2 });
    }
  });

  it('of two saves from the same version at the same moment, exactly one wins', async () => {
    const item = await t.build.item({ note: 'start' });
    const url = `/api/inventory/items/${item.id}`;
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((note) =>
        t.inject(staff, { method: 'PUT', url, payload: { note, version: 1 } }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    const now = await readFrom(staff, `/inventory/items/${item.id}`);
    expect(now).toMatchObject({ version: 2, note: winner.note });
  });

  it('scans and label moves do not move the version', async () => {
    const item = await t.build.item();
    const other = await t.build.item();
    const code = generateLabelCode();
    const attach = (itemId: string) =>
      t.inject(staff, {
        method: 'POST',
        url: '/api/inventory/labels',
        payload: { item_id: itemId, id: code },
      });
    expect((await attach(item.id)).statusCode).toBe(200);
    expect(
      (await t.inject(staff, { method: 'POST', url: `/api/inventory/scan/${code}` })).statusCode,
    ).toBe(200);
    const now = await readFrom(staff, `/inventory/items/${item.id}`);
    expect(now.version).toBe(1);
    expect(now.last_scanned_by_email).toBe(staff.member!.email);
    expect((await attach(other.id)).statusCode).toBe(200);
    expect((await readFrom(staff, `/inventory/items/${item.id}`)).version).toBe(1);
    expect((await readFrom(staff, `/inventory/items/${other.id}`)).version).toBe(1);
  });
});
