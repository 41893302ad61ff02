import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { MAX_CONTAINER_DEPTH } from '../../src/common/round-trip.ts';
import type { ImportPreview } from '../../src/common/schemas/import.ts';
import { errorOf, useTestApp } from '../helpers/app.ts';

/**
 * The write-path matrix (docs/decisions.md, "One door for item changes"): each rule of an
 * item change, run through every path that can express it. Every path must give the same
 * answer (the API's sentence; an import says it with its row and column) and, on a
 * refusal, change nothing. Like the role matrix, a new path or rule is one more line.
 */

const t = useTestApp();
const [staff] = t.signIn('staff');

type PathName = 'put' | 'allocate' | 'import' | 'fill' | 'return' | 'sync';

/** What a path answered, boiled down to what must agree across paths. */
interface Outcome {
  ok: boolean;
  /** The refusal's sentence, without an import's "row 2, manifest: ". */
  message?: string;
}

let keySeq = 0;
const freshKey = () => `matrix-${Date.now()}-${keySeq++}`;

function put(id: string, body: object, key?: string) {
  return t.inject(staff, {
    method: 'PUT',
    url: `/api/inventory/items/${id}`,
    payload: body,
    headers: key ? { 'idempotency-key': key } : {},
  });
}
function allocate(body: object, key?: string) {
  return t.inject(staff, {
    method: 'POST',
    url: '/api/inventory/allocate',
    payload: body,
    headers: key ? { 'idempotency-key': key } : {},
  });
}
function returnItem(manifestId: string, body: object, key?: string) {
  return t.inject(staff, {
    method: 'POST',
    url: `/api/inventory/manifests/${manifestId}/returns`,
    payload: body,
    headers: key ? { 'idempotency-key': key } : {},
  });
}
function importCsv(csv: string, query = '') {
  return t.inject(staff, {
    method: 'POST',
    url: `/api/inventory/import${query ? `?${query}` : ''}`,
    headers: { 'content-type': 'text/csv' },
    payload: csv,
  });
}
const csvCell = (v: string) => `"${v.replace(/"/g, '""')}"`;
const csvOf = (header: string[], row: string[]) =>
  `${header.join(',')}\n${row.map(csvCell).join(',')}\n`;

function apiOutcome(res: LightMyRequestResponse): Outcome {
  if (res.statusCode < 300) return { ok: true };
  return { ok: false, message: errorOf(res).message };
}

/** An import of one data row: its error for `column` must carry the row and the column. */
function importOutcome(res: LightMyRequestResponse, column: string): Outcome {
  if (res.statusCode === 200) {
    const p = res.json() as ImportPreview;
    return p.invalid_rows === 0 ? { ok: true } : { ok: false, message: 'skipped' };
  }
  if (errorOf(res).code !== 'import_invalid') return { ok: false, message: errorOf(res).message };
  const preview = (
    res.json() as { error: { message: string } } & Partial<{ errors: ImportPreview['errors'] }>
  ).error.message;
  const prefix = `row 2, ${column}: `;
  const start = preview.indexOf(prefix);
  if (start < 0) return { ok: false, message: preview };
  const rest = preview.slice(start + prefix.length);
  // The refusal lists the first problems and then says what to do.
  const end = rest.indexOf(' Fix the file');
  return { ok: false, message: end < 0 ? rest : rest.slice(0, end) };
}

/** What the item tables hold: compared before and after a refused write. */
async function tables() {
  const db = t.app.db;
  return {
    items: await db.selectFrom('items').selectAll().orderBy('id').execute(),
    dispatched: await db.selectFrom('dispatched_items').selectAll().orderBy('item_id').execute(),
    labels: await db.selectFrom('labels').selectAll().orderBy('id').execute(),
    manifests: await db.selectFrom('manifests').selectAll().orderBy('id').execute(),
    activity: await t.count('activity'),
    search: await t.count('item_search'),
  };
}

async function expectUnchangedBy(label: string, arrange: () => Promise<Act>): Promise<Outcome> {
  const act = await arrange();
  const before = await tables();
  const outcome = await act();
  if (!outcome.ok) expect(await tables(), `${label}: a refusal changed nothing`).toEqual(before);
  return outcome;
}

/** A job that is out with `item` on it, through the API. */
async function outJobWith(name: string) {
  const job = await t.build.manifest({ name });
  const item = await t.build.item({ name: `${name} item`, manifest_id: job.id });
  const res = await t.request(staff, 'POST', `/api/inventory/manifests/${job.id}/dispatch`);
  expect(res.statusCode, res.body).toBe(200);
  return { job, item };
}

async function closedJob(name: string) {
  const { job } = await outJobWith(name);
  const res = await t.request(staff, 'POST', `/api/inventory/manifests/${job.id}/close`);
  expect(res.statusCode, res.body).toBe(200);
  return job;
}

/** A chain of `levels` containers, outermost first. */
async function chain(levels: number, prefix: string) {
  const ids: string[] = [];
  for (let i = 0; i < levels; i++) {
    const item = await t.build.item({
      name: `${prefix} ${i + 1}`,
      ...(ids.length ? { container_id: ids.at(-1)! } : {}),
    });
    ids.push(item.id);
  }
  return ids;
}

/** A path's write, once its world is built: run while the tables are watched. */
type Act = () => Promise<Outcome>;

interface RuleCase {
  rule: string;
  /** What every path must answer. */
  expected: Outcome;
  /** Builds a fresh world for one path and runs it there. */
  paths: Partial<Record<PathName, () => Promise<Act>>>;
}

const OUT_ON_JOB = (job: string) => `This item is out on ${job}. Return it from that job instead.`;

const CASES: RuleCase[] = [
  {
    rule: 'an item out on a job cannot move to another manifest',
    expected: { ok: false, message: OUT_ON_JOB('Job Out') },
    paths: {
      put: async () => {
        const { item } = await outJobWith('Job Out');
        const other = await t.build.manifest({ name: 'Other' });
        return async () => apiOutcome(await put(item.id, { manifest_id: other.id }));
      },
      allocate: async () => {
        const { item } = await outJobWith('Job Out');
        const other = await t.build.manifest({ name: 'Other' });
        return async () => apiOutcome(await allocate({ id: item.id, manifest_id: other.id }));
      },
      import: async () => {
        const { item } = await outJobWith('Job Out');
        await t.build.manifest({ name: 'Other' });
        return async () =>
          importOutcome(await importCsv(csvOf(['id', 'manifest'], [item.id, 'Other'])), 'manifest');
      },
      sync: async () => {
        const { item } = await outJobWith('Job Out');
        const other = await t.build.manifest({ name: 'Other' });
        return async () => apiOutcome(await put(item.id, { manifest_id: other.id }, freshKey()));
      },
    },
  },
  {
    rule: 'nothing is allocated to a closed job',
    expected: { ok: false, message: 'That job is closed.' },
    paths: {
      put: async () => {
        const job = await closedJob('Closed');
        const item = await t.build.item({ name: 'Loose' });
        return async () => apiOutcome(await put(item.id, { manifest_id: job.id }));
      },
      allocate: async () => {
        const job = await closedJob('Closed');
        const item = await t.build.item({ name: 'Loose' });
        return async () => apiOutcome(await allocate({ id: item.id, manifest_id: job.id }));
      },
      import: async () => {
        await closedJob('Closed');
        const item = await t.build.item({ name: 'Loose' });
        return async () =>
          importOutcome(
            await importCsv(csvOf(['id', 'manifest'], [item.id, 'Closed'])),
            'manifest',
          );
      },
      sync: async () => {
        const job = await closedJob('Closed');
        const item = await t.build.item({ name: 'Loose' });
        return async () =>
          apiOutcome(await allocate({ id: item.id, manifest_id: job.id }, freshKey()));
      },
    },
  },
  {
    rule: 'a name holds no control character',
    expected: { ok: false, message: 'Name cannot contain control characters' },
    paths: {
      put: async () => {
        const item = await t.build.item({ name: 'Plain' });
        return async () => apiOutcome(await put(item.id, { name: 'Bell\u0001' }));
      },
      allocate: async () => {
        const job = await t.build.manifest({ name: 'Job' });
        return async () => apiOutcome(await allocate({ name: 'Bell\u0001', manifest_id: job.id }));
      },
      import: async () => async () =>
        importOutcome(await importCsv(csvOf(['name'], ['Bell\u0001'])), 'name'),
      sync: async () => {
        const item = await t.build.item({ name: 'Plain' });
        return async () => apiOutcome(await put(item.id, { name: 'Bell\u0001' }, freshKey()));
      },
    },
  },
  {
    rule: 'a note holds no NUL',
    expected: { ok: false, message: 'Note cannot contain control characters' },
    paths: {
      put: async () => {
        const item = await t.build.item({ name: 'Plain' });
        return async () => apiOutcome(await put(item.id, { condition_note: 'nul\u0000here' }));
      },
      import: async () => async () =>
        importOutcome(await importCsv(csvOf(['name', 'note'], ['Plain', 'nul\u0000here'])), 'note'),
      return: async () => {
        const { job, item } = await outJobWith('Job');
        return async () =>
          apiOutcome(
            await returnItem(job.id, { item_id: item.id, condition: 'damaged', note: 'a\u0000b' }),
          );
      },
      sync: async () => {
        const item = await t.build.item({ name: 'Plain' });
        return async () =>
          apiOutcome(await put(item.id, { condition_note: 'nul\u0000here' }, freshKey()));
      },
    },
  },
  {
    rule: 'an item cannot go inside something it contains',
    expected: {
      ok: false,
      message: 'An item cannot go inside itself or inside something it contains.',
    },
    paths: {
      put: async () => {
        const [x, y] = await chain(2, 'Loop');
        return async () => apiOutcome(await put(x!, { container_id: y }));
      },
      fill: async () => {
        const [x, y] = await chain(2, 'Loop');
        const version = (await t.row('items', x!)).version;
        return async () => apiOutcome(await put(x!, { container_id: y, version }));
      },
      import: async () => {
        const [x, y] = await chain(2, 'Loop');
        return async () =>
          importOutcome(await importCsv(csvOf(['id', 'container'], [x!, y!])), 'container');
      },
      sync: async () => {
        const [x, y] = await chain(2, 'Loop');
        return async () => apiOutcome(await put(x!, { container_id: y }, freshKey()));
      },
    },
  },
  {
    rule: `containers nest at most ${MAX_CONTAINER_DEPTH} levels, counting what is inside`,
    expected: {
      ok: false,
      message: `Containers can only be nested ${MAX_CONTAINER_DEPTH} levels deep.`,
    },
    paths: {
      put: async () => {
        const ids = await chain(MAX_CONTAINER_DEPTH - 1, 'Deep');
        const [box] = await chain(2, 'Box');
        return async () => apiOutcome(await put(box!, { container_id: ids.at(-1) }));
      },
      fill: async () => {
        const ids = await chain(MAX_CONTAINER_DEPTH - 1, 'Deep');
        const [box] = await chain(2, 'Box');
        const version = (await t.row('items', box!)).version;
        return async () => apiOutcome(await put(box!, { container_id: ids.at(-1), version }));
      },
      import: async () => {
        const ids = await chain(MAX_CONTAINER_DEPTH - 1, 'Deep');
        const [box] = await chain(2, 'Box');
        return async () =>
          importOutcome(
            await importCsv(csvOf(['id', 'container'], [box!, ids.at(-1)!])),
            'container',
          );
      },
      sync: async () => {
        const ids = await chain(MAX_CONTAINER_DEPTH - 1, 'Deep');
        const [box] = await chain(2, 'Box');
        return async () => apiOutcome(await put(box!, { container_id: ids.at(-1) }, freshKey()));
      },
    },
  },
  {
    rule: 'an item put into a container takes its location',
    expected: { ok: true },
    paths: {
      put: async () => placed((box, item) => put(item, { container_id: box })),
      fill: async () =>
        placed(async (box, item) =>
          put(item, { container_id: box, version: (await t.row('items', item)).version }),
        ),
      import: async () => placed((box, item) => importCsv(csvOf(['id', 'container'], [item, box]))),
      sync: async () => placed((box, item) => put(item, { container_id: box }, freshKey())),
    },
  },
];

/** Puts a loose item into a crate at a location; the item must end up at that location. */
async function placed(
  write: (box: string, item: string) => Promise<LightMyRequestResponse>,
): Promise<Act> {
  const location = await t.build.location({ name: `Bay ${freshKey()}` });
  const box = await t.build.item({ name: 'Crate', location_id: location.id });
  const item = await t.build.item({ name: 'Loose' });
  return async () => {
    const res = await write(box.id, item.id);
    const row = await t.row('items', item.id);
    expect(row.location_id, res.body).toBe(location.id);
    expect(row.container_id).toBe(box.id);
    return apiOutcome(res);
  };
}

describe('the write-path matrix: one rule, one answer, on every path', () => {
  for (const c of CASES) {
    for (const [path, run] of Object.entries(c.paths)) {
      it(`${c.rule} — ${path}`, async () => {
        const outcome = await expectUnchangedBy(`${c.rule} (${path})`, run);
        expect(outcome).toEqual(c.expected);
      });
    }
  }

  it('a sync replay of a refused write answers the same again and still changes nothing', async () => {
    const item = await t.build.item({ name: 'Plain' });
    const key = freshKey();
    const first = await put(item.id, { name: 'Bell\u0001' }, key);
    const before = await tables();
    const again = await put(item.id, { name: 'Bell\u0001' }, key);
    expect(again.statusCode).toBe(first.statusCode);
    expect(await tables()).toEqual(before);
  });

  it('a file name with a control character is refused before anything is read', async () => {
    const before = await tables();
    for (const bad of ['a\u0000b.csv', 'a\u0007b.csv', 'a\u001bb.csv']) {
      const res = await importCsv('name\nCrate\n', `filename=${encodeURIComponent(bad)}`);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await tables()).toEqual(before);
  });
});

describe('a missing item scanned in Return mode is found and returned with its settings', () => {
  async function missingItem() {
    const location = await t.build.location({ name: `Back ${freshKey()}` });
    const { job, item } = await outJobWith(`Lost ${freshKey()}`);
    await t.request(staff, 'POST', `/api/inventory/manifests/${job.id}/close`);
    const label = await t.build.label({ item_id: item.id });
    const other = await outJobWith(`Returning ${freshKey()}`);
    return { item, label: label.id, location, job: other.job };
  }

  async function scanThenReturn(key?: string) {
    const { item, label, location, job } = await missingItem();
    const scan = await t.inject(staff, {
      method: 'POST',
      url: `/api/inventory/scan/${label}?mode=return`,
      headers: key ? { 'idempotency-key': `${key}:scan` } : {},
    });
    expect(scan.statusCode, scan.body).toBe(200);
    const res = await returnItem(
      job.id,
      { item_id: item.id, location_id: location.id, condition: 'damaged', note: 'Dented' },
      key,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'found' });
    const row = await t.row('items', item.id);
    expect(row).toMatchObject({
      condition: 'damaged',
      condition_note: 'Dented',
      location_id: location.id,
    });
    const entries = await t.app.db
      .selectFrom('activity')
      .select('action')
      .where('type', '=', 'ITEM')
      .where('source_id', '=', item.id)
      .where('action', 'in', ['FOUND', 'RETURN'])
      .orderBy('seq')
      .execute();
    expect(entries.map((e) => e.action).sort()).toEqual(['FOUND', 'RETURN']);
  }

  it('online', async () => {
    await scanThenReturn();
  });

  it('from the offline queue (the same writes with Idempotency-Keys)', async () => {
    await scanThenReturn(freshKey());
  });
});

/** Whether the stored tree has a loop or a chain deeper than MAX_CONTAINER_DEPTH. */
async function treeProblems(): Promise<{ loops: number; deepest: number }> {
  const { rows } = await sql<{ id: string; depth: number; looped: number }>`
    WITH RECURSIVE up(start, id, depth) AS (
      SELECT id, container_id, 1 FROM items WHERE container_id IS NOT NULL
      UNION ALL
      SELECT u.start, i.container_id, u.depth + 1 FROM items i INNER JOIN up u ON i.id = u.id
      WHERE i.container_id IS NOT NULL AND u.depth < 40 AND u.id <> u.start
    ) SELECT start AS id, max(depth) AS depth,
        max(CASE WHEN id = start THEN 1 ELSE 0 END) AS looped
      FROM up GROUP BY start`.execute(t.app.db);
  return {
    loops: rows.filter((r) => Number(r.looped) === 1).length,
    deepest: Math.max(0, ...rows.map((r) => Number(r.depth))),
  };
}

describe('concurrent writes never make a loop or a chain deeper than the limit', () => {
  it('an import racing a PUT on the same two containers', async () => {
    for (let round = 0; round < 8; round++) {
      const x = await t.build.item({ name: `X ${round}` });
      const y = await t.build.item({ name: `Y ${round}` });
      const [imported, moved] = await Promise.all([
        importCsv(csvOf(['id', 'container'], [x.id, y.id])),
        put(y.id, { container_id: x.id }),
      ]);
      expect([imported.statusCode, moved.statusCode]).toContain(200);
      expect(await treeProblems()).toMatchObject({ loops: 0 });
    }
  });

  it('two crossing imports', async () => {
    for (let round = 0; round < 8; round++) {
      const x = await t.build.item({ name: `CX ${round}` });
      const y = await t.build.item({ name: `CY ${round}` });
      await Promise.all([
        importCsv(csvOf(['id', 'container'], [x.id, y.id])),
        importCsv(csvOf(['id', 'container'], [y.id, x.id])),
      ]);
      expect(await treeProblems()).toMatchObject({ loops: 0 });
    }
  });

  it('imports stacking chains side by side stay within the depth limit', async () => {
    const tops = await chain(4, 'Stack');
    const lower = await chain(4, 'Lower');
    const other = await chain(4, 'Other');
    // Each file alone is legal (4 + 4 = 8); both together would be 12 deep.
    await Promise.all([
      importCsv(csvOf(['id', 'container'], [lower[0]!, tops.at(-1)!])),
      importCsv(csvOf(['id', 'container'], [other[0]!, lower.at(-1)!])),
    ]);
    expect((await treeProblems()).deepest).toBeLessThanOrEqual(MAX_CONTAINER_DEPTH);
  });
});
