import { describe, expect, it } from 'vitest';
import { anonymous, errorOf, injectAs, useTestApp } from '../../../../test/helpers/app.ts';
import { pdfText } from '../../../../test/helpers/pdf.ts';
import { formatLabelCode } from '../../../common/label-code.ts';
import type {
  MoveResult,
  ScanResult,
  Stocktake,
  StocktakeDetail,
} from '../../../common/schemas/stocktake.ts';

const t = useTestApp();
const [staff, staff2, client] = t.signIn('staff', 'staff', 'client');
/** A second app instance on the same database: two phones reach different servers. */
const secondInstance = t.secondInstance();
const call = t.caller('/api/inventory');

/** Refused with `status` and the database exactly as it was. */
const refused = t.refusedCaller('/api/inventory');

/** Every route that names a stock-take, called with stock-take `id`: each refused with `status`. */
async function refusedOnEveryRoute(id: string, item: { id: string; code: string }, status: number) {
  const at = `/stocktakes/${id}`;
  for (const [method, url, body] of [
    ['GET', at, undefined],
    ['POST', `${at}/scans`, { code: item.code }],
    ['POST', `${at}/move`, { item_id: item.id }],
    ['POST', `${at}/finish`, { mark_missing: [] }],
    ['GET', `${at}/report.pdf`, undefined],
    ['GET', `${at}/report.csv`, undefined],
  ] as const) {
    await refused(staff, method, url, body, status);
  }
}

/** A location with `n` expected items, each with a label. */
async function stockedLocation(n: number, name = 'Bay') {
  const location = await t.build.location({ name });
  const items = [];
  for (let i = 1; i <= n; i++) {
    const item = await t.build.item({ name: `${name} item ${i}`, location_id: location.id });
    items.push({ ...item, code: (await t.build.label({ item_id: item.id })).id });
  }
  return { location, items };
}

async function labelled(fields: Parameters<typeof t.build.item>[0]) {
  const item = await t.build.item(fields);
  return { ...item, code: (await t.build.label({ item_id: item.id })).id };
}

const start = async (body: object, session = staff) => {
  const res = await call(session, 'POST', '/stocktakes', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Stocktake>();
};
const scan = async (id: string, code: string, session = staff) => {
  const res = await call(session, 'POST', `/stocktakes/${id}/scans`, { code });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ScanResult>();
};
const detail = async (id: string) =>
  (await call(staff, 'GET', `/stocktakes/${id}`)).json<StocktakeDetail>();

describe('stock-takes: refused, nothing changed', () => {
  it('is 401 for anonymous and 403 for client users on every route', async () => {
    const { location, items } = await stockedLocation(1, 'Denied');
    const stocktake = await t.build.stocktake({ location_id: location.id });
    const id = stocktake.id;
    for (const [session, status] of [
      [anonymous, 401],
      [client, 403],
    ] as const) {
      await refused(session, 'POST', '/stocktakes', { location_id: location.id }, status);
      await refused(session, 'GET', '/stocktakes', undefined, status);
      await refused(session, 'GET', `/stocktakes/${id}`, undefined, status);
      await refused(session, 'POST', `/stocktakes/${id}/scans`, { code: items[0]!.code }, status);
      await refused(session, 'POST', `/stocktakes/${id}/move`, { item_id: items[0]!.id }, status);
      await refused(session, 'POST', `/stocktakes/${id}/finish`, { mark_missing: [] }, status);
      await refused(session, 'GET', `/stocktakes/${id}/report.pdf`, undefined, status);
      await refused(session, 'GET', `/stocktakes/${id}/report.csv`, undefined, status);
      await refused(session, 'GET', `/locations/${location.id}/stock`, undefined, status);
    }
  });

  it('answers 400 for bad input and changes nothing', async () => {
    const { location, items } = await stockedLocation(2, 'Bad input');
    const crate = await t.build.item({ name: 'Crate', location_id: location.id });
    const { id } = await t.build.stocktake({ location_id: location.id });
    await t.build.stocktakeScan(id, items[0]!.code);
    for (const body of [
      {},
      { location_id: location.id, container_id: crate.id },
      { location_id: location.id, extra: 1 },
      { location_id: location.id, count_contents: 'yes' },
      { location_id: 'bad id!' },
    ]) {
      const res = await refused(staff, 'POST', '/stocktakes', body, 400);
      expect(errorOf(res).code).toBe('invalid_input');
    }
    expect(errorOf(await refused(staff, 'POST', '/stocktakes', {}, 400)).message).toContain(
      'Choose a location or a container to count.',
    );
    for (const body of [{}, { code: 'not a code' }, { code: 12 }, { code: items[1]!.code, x: 1 }]) {
      await refused(staff, 'POST', `/stocktakes/${id}/scans`, body, 400);
    }
    for (const body of [{}, { item_id: 'bad id!' }, { item_id: items[1]!.id, extra: 1 }]) {
      await refused(staff, 'POST', `/stocktakes/${id}/move`, body, 400);
    }
    // A stock-take id badly written, on every route that names one.
    await refusedOnEveryRoute(encodeURIComponent('bad id!'), items[1]!, 400);
    await refused(
      staff,
      'GET',
      `/locations/${encodeURIComponent('bad id!')}/stock`,
      undefined,
      400,
    );
    for (const body of [{}, { mark_missing: 'all' }, { mark_missing: ['bad id!'] }]) {
      await refused(staff, 'POST', `/stocktakes/${id}/finish`, body, 400);
    }
    // Only expected items not scanned may be marked missing: a scanned one, or one from
    // elsewhere, refuses the whole finish.
    for (const itemId of [items[0]!.id, (await t.build.item()).id]) {
      const res = await refused(
        staff,
        'POST',
        `/stocktakes/${id}/finish`,
        { mark_missing: [items[1]!.id, itemId] },
        400,
      );
      expect(errorOf(res).message).toContain('Only expected items that were not scanned');
    }
    expect((await t.row('stocktakes', id)).status).toBe('open');
    expect((await t.row('items', items[1]!.id)).condition).toBe('ok');
  });

  it('answers 404 for unknown stock-takes, locations and containers', async () => {
    const { items } = await stockedLocation(1, 'Not found');
    await refused(staff, 'POST', '/stocktakes', { location_id: 'nosuchplace1' }, 404);
    await refused(staff, 'POST', '/stocktakes', { container_id: 'nosuchcrate1' }, 404);
    await refusedOnEveryRoute('nosuchstock1', items[0]!, 404);
    await refused(staff, 'GET', '/locations/nosuchplace1/stock', undefined, 404);
  });

  it('refuses to move an item that was not scanned in the wrong place (409)', async () => {
    const { location, items } = await stockedLocation(1, 'Move refused');
    const { id } = await t.build.stocktake({ location_id: location.id });
    await t.build.stocktakeScan(id, items[0]!.code);
    const other = await t.build.item();
    for (const itemId of [items[0]!.id, other.id]) {
      const res = await refused(staff, 'POST', `/stocktakes/${id}/move`, { item_id: itemId }, 409);
      expect(errorOf(res).code).toBe('not_wrong_place');
    }
  });

  it('refuses scans, moves and a second finish once finished (409)', async () => {
    const { location, items } = await stockedLocation(2, 'Finished');
    const { id } = await t.build.stocktake({ location_id: location.id });
    expect(
      (await call(staff, 'POST', `/stocktakes/${id}/finish`, { mark_missing: [] })).statusCode,
    ).toBe(200);
    for (const [url, body] of [
      [`/stocktakes/${id}/scans`, { code: items[0]!.code }],
      [`/stocktakes/${id}/move`, { item_id: items[0]!.id }],
      [`/stocktakes/${id}/finish`, { mark_missing: [items[1]!.id] }],
    ] as const) {
      const res = await refused(staff, 'POST', url, body, 409);
      expect(errorOf(res).code).toBe('stocktake_finished');
    }
  });
});

describe('a stock-take of a location', () => {
  it('snapshots what is expected: items there, inside containers there, not out, not missing', async () => {
    const { location, items } = await stockedLocation(3, 'Snapshot');
    const crate = await labelled({ name: 'Snapshot crate', location_id: location.id });
    await t.build.item({ name: 'In the crate', container_id: crate.id });
    const { items: out } = await t.build.outJob([{ location_id: location.id }]);
    const lost = await labelled({ name: 'Lost', location_id: location.id });
    await t.request(staff, 'PUT', `/api/inventory/items/${lost.id}`, { condition: 'missing' });
    await t.build.item({ name: 'Elsewhere', location_id: (await t.build.location()).id });

    const stocktake = await start({ location_id: location.id });
    // 3 items, the crate and what is in it; not the one out on a job nor the missing one.
    expect(stocktake).toMatchObject({
      location_id: location.id,
      container_id: null,
      place_name: 'Snapshot',
      status: 'open',
      expected_count: 5,
      counts: { expected: 5, found: 0, not_scanned: 5 },
    });
    const d = await detail(stocktake.id);
    expect(d.not_scanned.map((i) => i.name).sort()).toEqual(
      ['In the crate', 'Snapshot crate', ...items.map((i) => i.name)].sort(),
    );
    expect(d.not_scanned.map((i) => i.id)).not.toContain(out[0]!.id);
    const listed = (await call(staff, 'GET', '/stocktakes')).json<Stocktake[]>();
    expect(listed[0]).toMatchObject({ id: stocktake.id, expected_count: 5 });
  });

  it('is what the location’s page shows before it starts: the items expected there, and its stock-takes', async () => {
    const { location, items } = await stockedLocation(2, 'Page');
    const crate = await labelled({ name: 'Page crate', location_id: location.id });
    await t.build.item({ name: 'Page inside', container_id: crate.id });
    await t.build.outJob([{ location_id: location.id }]);
    const lost = await labelled({ name: 'Page lost', location_id: location.id });
    await t.request(staff, 'PUT', `/api/inventory/items/${lost.id}`, { condition: 'missing' });
    await t.build.item({ name: 'Page elsewhere', location_id: (await t.build.location()).id });
    const elsewhere = await start({ location_id: (await t.build.location()).id });

    type Page = { name: string; expected_count: number; items: Array<{ name: string }> };
    const stock = async () => {
      const res = await call(staff, 'GET', `/locations/${location.id}/stock`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page & { stocktakes: Stocktake[] }>();
    };
    const before = await stock();
    expect(before).toMatchObject({ name: 'Page', expected_count: 4, stocktakes: [] });
    // By name; not the item out on a job, the missing one, nor one elsewhere.
    expect(before.items.map((i) => i.name)).toEqual([
      'Page crate',
      'Page inside',
      ...items.map((i) => i.name),
    ]);

    const stocktake = await start({ location_id: location.id });
    expect(stocktake.expected_count).toBe(before.expected_count);
    const after = await stock();
    expect(after.stocktakes.map((s) => s.id)).toEqual([stocktake.id]);
    expect(after.stocktakes.map((s) => s.id)).not.toContain(elsewhere.id);
  });

  it('counts each scan: found, wrong place, unexpected, unknown, already, with who and when', async () => {
    const { location, items } = await stockedLocation(5, 'Yard North');
    const southLocation = await t.build.location({ name: 'Yard South' });
    const stray = await labelled({ name: 'Stray', location_id: southLocation.id });
    const { items: outItems, manifest } = await t.build.outJob([{ name: 'Out one' }]);
    const outLabel = await t.build.label({ item_id: outItems[0]!.id });
    const lost = await labelled({ name: 'Lost one' });
    await t.request(staff, 'PUT', `/api/inventory/items/${lost.id}`, { condition: 'missing' });
    const free = await t.build.label();

    const { id } = await start({ location_id: location.id });
    expect(await scan(id, items[0]!.code)).toMatchObject({
      outcome: 'found',
      item: { id: items[0]!.id, name: 'Yard North item 1' },
      counts: { expected: 5, found: 1, not_scanned: 4 },
    });
    await scan(id, formatLabelCode(items[1]!.code), staff2);
    await scan(id, items[2]!.code);
    expect(await scan(id, stray.code)).toMatchObject({
      outcome: 'wrong_place',
      detail: 'belongs in Yard South',
      counts: { found: 3, wrong_place: 1 },
    });
    expect(await scan(id, outLabel.id)).toMatchObject({
      outcome: 'unexpected',
      detail: `out on ${manifest.name}`,
    });
    // A missing item is found, as with any scan.
    expect(await scan(id, lost.code)).toMatchObject({ outcome: 'unexpected', detail: 'missing' });
    expect((await t.row('items', lost.id)).condition).toBe('ok');
    expect(await scan(id, free.id)).toMatchObject({ outcome: 'unknown', counts: { unknown: 1 } });
    const unknownCode = 'ZZZZZZZZZZZZ';
    await scan(id, unknownCode);
    expect(await scan(id, items[0]!.code, staff2)).toMatchObject({
      outcome: 'already',
      detail: 'found',
    });
    expect(await scan(id, unknownCode)).toMatchObject({ outcome: 'already' });
    const last = await scan(id, stray.code);
    expect(last).toMatchObject({ outcome: 'already', detail: 'wrong place' });
    expect(last.counts).toEqual({
      expected: 5,
      found: 3,
      wrong_place: 1,
      unexpected: 2,
      unknown: 2,
      not_scanned: 2,
      missing: 0,
    });

    const d = await detail(id);
    expect(d.found.map((r) => [r.item.id, r.scanned_by_email])).toEqual([
      [items[0]!.id, staff.member!.email],
      [items[1]!.id, staff2.member!.email],
      [items[2]!.id, staff.member!.email],
    ]);
    expect(d.unknown.map((u) => u.code).sort()).toEqual([free.id, unknownCode].sort());
    expect(d.not_scanned.map((i) => i.id).sort()).toEqual([items[3]!.id, items[4]!.id].sort());
    // Any scan makes its scanner the last scanner and writes a SCAN entry.
    expect((await t.row('items', items[1]!.id)).last_scanned_by).toBe(staff2.member!.id);
    const scans = await t.rows('activity', { action: 'SCAN', source_id: items[0]!.code });
    expect(scans).toHaveLength(1);
  });

  it('moves a wrong-place item here through the item door, with its feed entry', async () => {
    const { location } = await stockedLocation(1, 'Move target');
    const crate = await t.build.item({
      name: 'Far crate',
      location_id: (await t.build.location()).id,
    });
    const stray = await labelled({ name: 'Wanderer', container_id: crate.id });
    const { id } = await start({ location_id: location.id });
    await scan(id, stray.code);
    const version = (await t.row('items', stray.id)).version;
    const res = await call(staff, 'POST', `/stocktakes/${id}/move`, { item_id: stray.id });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json<MoveResult>();
    expect(moved.row).toMatchObject({
      outcome: 'wrong_place',
      item: { id: stray.id, location_name: 'Move target', container_name: null },
    });
    expect(moved.row.moved_at).not.toBeNull();
    const row = await t.row('items', stray.id);
    expect(row).toMatchObject({ location_id: location.id, container_id: null });
    expect(row.version).toBe(version + 1);
    const entry = await t.app.db
      .selectFrom('activity')
      .selectAll()
      .where('source_id', '=', stray.id)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ type: 'ITEM', action: 'UPDATE', email: staff.member!.email });
    expect(entry.detail).toContain('taken out of Far crate');
    // A second tap changes nothing more.
    const again = await call(staff, 'POST', `/stocktakes/${id}/move`, { item_id: stray.id });
    expect(again.statusCode).toBe(200);
    expect((await t.row('items', stray.id)).version).toBe(version + 1);
  });

  it('finishes: marks missing only the items listed, stamps last_counted_at, one STOCKTAKE entry', async () => {
    const { location, items } = await stockedLocation(5, 'Finish bay');
    const { id } = await start({ location_id: location.id });
    for (const item of items.slice(0, 3)) await scan(id, item.code);
    const res = await call(staff, 'POST', `/stocktakes/${id}/finish`, {
      mark_missing: [items[3]!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<StocktakeDetail>();
    expect(d).toMatchObject({
      status: 'finished',
      finished_by_email: staff.member!.email,
      counts: { expected: 5, found: 3, missing: 1, not_scanned: 1 },
    });
    expect(d.missing.map((i) => i.id)).toEqual([items[3]!.id]);
    expect(d.not_scanned.map((i) => i.id)).toEqual([items[4]!.id]);
    // Never automatic: the one not listed keeps its condition.
    expect((await t.row('items', items[3]!.id)).condition).toBe('missing');
    expect((await t.row('items', items[4]!.id)).condition).toBe('ok');
    for (const item of items.slice(0, 3)) {
      expect((await t.row('items', item.id)).last_counted_at).toBe(d.finished_at);
    }
    expect((await t.row('items', items[4]!.id)).last_counted_at).toBeNull();
    const entries = await t.rows('activity', { action: 'STOCKTAKE', source_id: location.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: 'LOCATION',
      ref_name: 'Finish bay',
      detail: '5 expected: 3 found, 1 marked missing, 1 not scanned',
    });
    const missingEntry = await t.rows('activity', { source_id: items[3]!.id, action: 'MISSING' });
    expect(missingEntry).toHaveLength(1);
    // The missing item joins the found-on-scan flow: any scan finds it.
    const found = await call(staff, 'POST', `/scan/${items[3]!.code}`);
    expect(found.statusCode).toBe(200);
    expect((await t.row('items', items[3]!.id)).condition).toBe('ok');
    // Past stock-takes stay readable.
    expect((await detail(id)).found).toHaveLength(3);
  });
});

describe('a stock-take of a container', () => {
  it('expects its contents at every level; a crate counts its contents only when asked', async () => {
    const location = await t.build.location({ name: 'Container yard' });
    const pallet = await labelled({ name: 'Pallet', location_id: location.id });
    const crate = await labelled({ name: 'Crate', container_id: pallet.id });
    const inner = [];
    for (let i = 1; i <= 3; i++)
      inner.push(await labelled({ name: `Cable ${i}`, container_id: crate.id }));
    const loose = await labelled({ name: 'Loose on yard', location_id: location.id });

    const plain = await start({ container_id: pallet.id });
    expect(plain.expected_count).toBe(4);
    expect(await scan(plain.id, crate.code)).toMatchObject({ outcome: 'found', contents_found: 0 });
    expect((await scan(plain.id, pallet.code)).outcome).toBe('already');
    // On the same yard, but not in the container: wrong place, and a move puts it inside.
    expect((await scan(plain.id, loose.code)).outcome).toBe('wrong_place');
    await call(staff, 'POST', `/stocktakes/${plain.id}/move`, { item_id: loose.id });
    expect((await t.row('items', loose.id)).container_id).toBe(pallet.id);

    const whole = await start({ container_id: pallet.id, count_contents: true });
    const result = await scan(whole.id, crate.code);
    expect(result).toMatchObject({ outcome: 'found', contents_found: 3 });
    expect(result.counts).toMatchObject({ expected: 5, found: 4 });
    expect((await scan(whole.id, inner[0]!.code)).outcome).toBe('already');
    const d = await detail(whole.id);
    expect(d.found.filter((r) => r.via_container_id === crate.id)).toHaveLength(3);
    await call(staff, 'POST', `/stocktakes/${whole.id}/finish`, { mark_missing: [] });
    const entries = await t.rows('activity', { action: 'STOCKTAKE', source_id: pallet.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'ITEM', ref_item_id: pallet.id, ref_id: whole.id });
  });
});

describe('several phones at once', () => {
  it('counts a code once when two people scan it at the same moment', async () => {
    const { location, items } = await stockedLocation(1, 'Race');
    const { id } = await start({ location_id: location.id });
    const other = secondInstance.app;
    const results = await Promise.all([
      injectAs(t.app, staff, {
        method: 'POST',
        url: `/api/inventory/stocktakes/${id}/scans`,
        payload: { code: items[0]!.code },
      }),
      injectAs(other, staff2, {
        method: 'POST',
        url: `/api/inventory/stocktakes/${id}/scans`,
        payload: { code: items[0]!.code },
      }),
    ]);
    const outcomes = results.map((r) => r.json<ScanResult>().outcome).sort();
    expect(outcomes).toEqual(['already', 'found']);
    expect(await t.rows('stocktake_scans', { stocktake_id: id })).toHaveLength(1);
    const scans = await t.rows('activity', { action: 'SCAN', source_id: items[0]!.code });
    expect(scans).toHaveLength(1);
  });

  it('replays a scan sent twice with one Idempotency-Key (the offline queue) once', async () => {
    const { location, items } = await stockedLocation(1, 'Replay');
    const { id } = await start({ location_id: location.id });
    const send = () =>
      injectAs(t.app, staff, {
        method: 'POST',
        url: `/api/inventory/stocktakes/${id}/scans`,
        headers: { 'idempotency-key': 'phone-1-scan-0001' },
        payload: { code: items[0]!.code },
      });
    const first = await send();
    const second = await send();
    expect(first.json<ScanResult>().outcome).toBe('found');
    expect(second.json<ScanResult>().outcome).toBe('found');
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await detail(id)).counts.found).toBe(1);
  });
});

describe('the report', () => {
  it('lists found, wrong place, missing and unknown with who and when, as PDF and CSV', async () => {
    const { location, items } = await stockedLocation(3, 'Report bay');
    const stray = await labelled({
      name: '=HYPERLINK("http://evil")',
      location_id: (await t.build.location({ name: 'Backlot' })).id,
    });
    const { id } = await start({ location_id: location.id });
    await scan(id, items[0]!.code);
    await scan(id, stray.code);
    await scan(id, 'QQQQQQQQQQQQ');
    await call(staff, 'POST', `/stocktakes/${id}/finish`, { mark_missing: [items[1]!.id] });

    const pdf = await call(staff, 'GET', `/stocktakes/${id}/report.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Stock-take: Report bay');
    expect(text).toContain('1 of 3 found · 1 wrong place · 1 unknown · 1 missing');
    expect(text).toContain('Report bay item 1');
    expect(text).toContain('Report bay item 2');
    expect(text).toContain('Report bay item 3');
    expect(text).toContain('belongs in Backlot');
    expect(text).toContain('QQQQ-QQQQ-QQQQ');
    expect(text).toContain(staff.member!.email);

    const csv = await call(staff, 'GET', `/stocktakes/${id}/report.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('outcome,item_id,name,type,label,detail,scanned_by,scanned_at,moved_at');
    expect(lines.map((l) => l.split(',')[0])).toEqual([
      'outcome',
      'found',
      'wrong_place',
      'missing',
      'not_scanned',
      'unknown',
    ]);
    expect(lines[1]).toContain(staff.member!.email);
    // A name that would run as a formula in a spreadsheet is quoted as text.
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });
});
