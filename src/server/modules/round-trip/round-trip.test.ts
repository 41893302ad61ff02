import { describe, expect, it } from 'vitest';
import { anonymous, errorOf, useTestApp } from '../../../../test/helpers/app.ts';
import type { Item } from '../../../common/schemas/item.ts';
import type { Job, ReturnResult, Returns } from '../../../common/schemas/round-trip.ts';

const t = useTestApp();
const [staff, client] = t.signIn('staff', 'client');

const call = t.caller('/api/inventory');
const row = (id: string) => t.row('items', id);
const stageOf = async (id: string) => (await t.row('manifests', id)).stage;
const lastEntries = (n: number) =>
  t.app.db
    .selectFrom('activity')
    .select(['type', 'action', 'ref_name', 'ref_item_id', 'ref_id', 'detail'])
    .orderBy('seq', 'desc')
    .limit(n)
    .execute();

/** Refused with `status` and the database exactly as it was. */
const refused = t.refusedCaller('/api/inventory');

describe('round trip: refused, nothing changed', () => {
  it('is 401 for anonymous and 403 for client users on every write', async () => {
    const { manifest, items } = await t.build.outJob();
    const planned = await t.build.manifest();
    await t.build.item({ manifest_id: planned.id });
    for (const [session, status] of [
      [anonymous, 401],
      [client, 403],
    ] as const) {
      await refused(session, 'POST', `/manifests/${planned.id}/dispatch`, undefined, status);
      await refused(
        session,
        'POST',
        `/manifests/${manifest.id}/returns`,
        { item_id: items[0]!.id, condition: 'ok' },
        status,
      );
      await refused(session, 'POST', `/manifests/${manifest.id}/close`, undefined, status);
      await refused(session, 'PUT', `/items/${items[0]!.id}`, { condition: 'damaged' }, status);
    }
    expect((await call(anonymous, 'GET', '/out')).statusCode).toBe(401);
    expect((await call(anonymous, 'GET', `/manifests/${manifest.id}/returns`)).statusCode).toBe(
      401,
    );
  });

  it('answers 404 for unknown jobs and items, 400 for bad input', async () => {
    const { manifest, items } = await t.build.outJob();
    const itemId = items[0]!.id;
    await refused(staff, 'POST', '/manifests/nosuchjob123/dispatch', undefined, 404);
    await refused(staff, 'POST', '/manifests/nosuchjob123/close', undefined, 404);
    await refused(
      staff,
      'POST',
      '/manifests/nosuchjob123/returns',
      { item_id: itemId, condition: 'ok' },
      404,
    );
    await refused(
      staff,
      'POST',
      `/manifests/${manifest.id}/returns`,
      { item_id: 'nosuchitem12', condition: 'ok' },
      404,
    );
    for (const body of [
      {},
      { item_id: itemId },
      { item_id: itemId, condition: 'missing' },
      { item_id: itemId, condition: 'broken' },
      { item_id: itemId, condition: 'ok', extra: 1 },
      { item_id: itemId, condition: 'ok', location_id: 'bad id!' },
    ]) {
      await refused(staff, 'POST', `/manifests/${manifest.id}/returns`, body, 400);
    }
    const unknownCondition = await call(staff, 'POST', `/manifests/${manifest.id}/returns`, {
      item_id: itemId,
      condition: 'broken',
    });
    expect(errorOf(unknownCondition).message).toContain('Unknown condition');
    const unknownPlace = await refused(
      staff,
      'POST',
      `/manifests/${manifest.id}/returns`,
      { item_id: itemId, condition: 'ok', location_id: 'nosuchplace1' },
      400,
    );
    expect(errorOf(unknownPlace).message).toBe('That location does not exist.');
    await refused(staff, 'PUT', `/items/${itemId}`, { condition: 'lost' }, 400);
    await refused(staff, 'POST', `/manifests/${manifest.id}/dispatch`, { now: true }, 400);
  });

  it('refuses wrong stages with 409: empty, already out, closed, not dispatched', async () => {
    const empty = await t.build.manifest();
    const res = await refused(staff, 'POST', `/manifests/${empty.id}/dispatch`, undefined, 409);
    expect(errorOf(res).message).toBe('Nothing is allocated to this job yet.');
    const notYet = await refused(staff, 'POST', `/manifests/${empty.id}/close`, undefined, 409);
    expect(errorOf(notYet).message).toBe('This job has not been dispatched yet.');

    const { manifest } = await t.build.outJob();
    const again = await refused(
      staff,
      'POST',
      `/manifests/${manifest.id}/dispatch`,
      undefined,
      409,
    );
    expect(errorOf(again).message).toBe('This job is already out.');
    const deleting = await refused(staff, 'DELETE', `/manifests/${manifest.id}`, undefined, 409);
    expect(errorOf(deleting).message).toContain('This job is out');

    expect((await call(staff, 'POST', `/manifests/${manifest.id}/close`)).statusCode).toBe(200);
    await refused(staff, 'POST', `/manifests/${manifest.id}/close`, undefined, 409);
    await refused(staff, 'POST', `/manifests/${manifest.id}/dispatch`, undefined, 409);
    const item = await t.build.item();
    const closed = await refused(
      staff,
      'POST',
      '/allocate',
      { id: item.id, manifest_id: manifest.id },
      409,
    );
    expect(errorOf(closed).message).toBe('That job is closed.');
  });

  it('answers "not on this job" (409) for an item that is not out on it', async () => {
    const { manifest } = await t.build.outJob();
    const other = await t.build.outJob();
    const inYard = await t.build.item({ name: 'In the yard' });
    for (const id of [inYard.id, other.items[0]!.id]) {
      const res = await refused(
        staff,
        'POST',
        `/manifests/${manifest.id}/returns`,
        { item_id: id, condition: 'ok' },
        409,
      );
      expect(errorOf(res)).toEqual({ code: 'not_on_job', message: 'Not on this job.' });
    }
  });

  it('refuses taking an item that is out off its job by hand (409)', async () => {
    const { items } = await t.build.outJob();
    const elsewhere = await t.build.manifest();
    for (const body of [{ manifest_id: null }, { manifest_id: elsewhere.id }]) {
      const res = await refused(staff, 'PUT', `/items/${items[0]!.id}`, body, 409);
      expect(errorOf(res).code).toBe('out_on_job');
    }
  });

  it('checks manifest dates: real YYYY-MM-DD dates, due not before out', async () => {
    const m = await t.build.manifest({ name: 'Dated' });
    for (const body of [
      { name: 'Dated', out_date: '2026-02-30' },
      { name: 'Dated', out_date: '12/01/2026' },
      { name: 'Dated', out_date: '2026-06-10', due_date: '2026-06-01' },
    ]) {
      await refused(staff, 'PUT', `/manifests/${m.id}`, body, 400);
    }
    const ok = await call(staff, 'PUT', `/manifests/${m.id}`, {
      name: 'Dated',
      out_date: '2026-06-01',
      due_date: '2026-06-10',
    });
    expect(ok.json()).toMatchObject({
      stage: 'planning',
      out_date: '2026-06-01',
      due_date: '2026-06-10',
    });
    // One date changed alone is checked against the other as stored.
    const bad = await refused(
      staff,
      'PUT',
      `/manifests/${m.id}`,
      { name: 'Dated', due_date: '2026-05-01' },
      400,
    );
    expect(errorOf(bad).message).toBe('The due date cannot be before the out date.');
    const cleared = await call(staff, 'PUT', `/manifests/${m.id}`, { name: 'Dated', due_date: '' });
    expect(cleared.json()).toMatchObject({ due_date: null });
  });
});

describe('round trip: a job out and back', () => {
  it('dispatches, returns a crate with its contents (damaged), closes and finds', async () => {
    const yard = await t.build.location({ name: 'Yard North' });
    const job = await t.build.manifest({ name: 'Summer show' });
    const crate = await t.build.item({ name: 'Crate 0321', status: 'Crate' });
    const inside = [];
    for (const name of ['Cable', 'Lamp', 'Plug']) {
      inside.push(await t.build.item({ name, container_id: crate.id }));
    }
    const loose = await t.build.item({ name: 'Loose truss' });
    const packed = await call(staff, 'POST', '/allocate', { id: crate.id, manifest_id: job.id });
    expect(packed.json()).toMatchObject({ contents_count: 3 });
    await call(staff, 'POST', '/allocate', { id: loose.id, manifest_id: job.id });

    expect(await stageOf(job.id)).toBe('planning');
    const versionBefore = (await row(inside[0]!.id)).version;
    const sent = await call(staff, 'POST', `/manifests/${job.id}/dispatch`);
    expect(sent.statusCode).toBe(200);
    expect(await stageOf(job.id)).toBe('out');
    expect((await row(inside[0]!.id)).version).toBeGreaterThan(versionBefore);
    const today = new Date().toISOString().slice(0, 10);
    expect(sent.json()).toMatchObject({
      stage: 'out',
      out_date: today,
      items_total: 5,
      items_out: 5,
      overdue: false,
    } satisfies Partial<Job>);
    for (const i of [crate, loose, ...inside]) {
      const item = (await call(staff, 'GET', `/items/${i.id}`)).json() as Item;
      expect(item.out_since).not.toBeNull();
      expect(item.manifest_name).toBe('Summer show');
    }
    expect(await lastEntries(1)).toEqual([
      {
        type: 'MANIFEST',
        action: 'DISPATCH',
        ref_name: 'Summer show',
        ref_item_id: null,
        ref_id: job.id,
        detail: '5 items',
      },
    ]);

    const back = await call(staff, 'POST', `/manifests/${job.id}/returns`, {
      item_id: crate.id,
      location_id: yard.id,
      condition: 'damaged',
      note: 'Corner split',
    });
    expect(back.statusCode, back.body).toBe(200);
    const result = back.json() as ReturnResult;
    expect(result).toMatchObject({ outcome: 'returned', contents_count: 3 });
    expect(result.item).toMatchObject({
      manifest_id: null,
      out_since: null,
      location_id: yard.id,
      condition: 'damaged',
      condition_note: 'Corner split',
    });
    for (const i of inside) {
      expect(await row(i.id)).toMatchObject({
        manifest_id: null,
        out_at: null,
        location_id: yard.id,
        condition: 'ok',
        container_id: crate.id,
      });
    }
    expect(await lastEntries(1)).toEqual([
      {
        type: 'ITEM',
        action: 'RETURN',
        ref_name: 'Crate 0321',
        ref_item_id: crate.id,
        ref_id: job.id,
        detail: 'from Summer show to Yard North with 3 items inside — damaged: Corner split',
      },
    ]);
    // Returning it again: it is no longer on this job.
    await refused(
      staff,
      'POST',
      `/manifests/${job.id}/returns`,
      { item_id: crate.id, condition: 'ok' },
      409,
    );

    const returns = (await call(staff, 'GET', `/manifests/${job.id}/returns`)).json() as Returns;
    const names = (items: Item[]) => items.map((i) => i.name);
    expect(names(returns.out)).toEqual(['Loose truss']);
    expect(names(returns.returned)).toEqual(['Cable', 'Lamp', 'Plug']);
    expect(names(returns.damaged)).toEqual(['Crate 0321']);
    expect(returns.missing).toEqual([]);
    const outList = (await call(staff, 'GET', '/out')).json() as Job[];
    expect(outList.find((j) => j.id === job.id)).toMatchObject({
      items_total: 5,
      items_out: 1,
      items_returned: 3,
      items_damaged: 1,
      items_missing: 0,
    });

    const closed = await call(staff, 'POST', `/manifests/${job.id}/close`);
    expect(closed.json()).toMatchObject({ stage: 'closed', items_out: 0, items_missing: 1 });
    expect(await stageOf(job.id)).toBe('closed');
    expect(await row(loose.id)).toMatchObject({
      condition: 'missing',
      manifest_id: null,
      out_at: null,
    });
    expect(await lastEntries(2)).toEqual([
      {
        type: 'ITEM',
        action: 'MISSING',
        ref_name: 'Loose truss',
        ref_item_id: loose.id,
        ref_id: job.id,
        detail: 'on Summer show',
      },
      {
        type: 'MANIFEST',
        action: 'CLOSE',
        ref_name: 'Summer show',
        ref_item_id: null,
        ref_id: job.id,
        detail: '1 item missing',
      },
    ]);
    const afterClose = (await call(staff, 'GET', `/manifests/${job.id}/returns`)).json() as Returns;
    expect(names(afterClose.missing)).toEqual(['Loose truss']);
    expect((await call(staff, 'GET', '/out')).json()).not.toContainEqual(
      expect.objectContaining({ id: job.id }),
    );

    // Someone scans the missing truss's label: found.
    const label = await t.build.label({ item_id: loose.id });
    const scanned = await call(staff, 'POST', `/scan/${label.id}`);
    expect(scanned.statusCode).toBe(200);
    expect((await row(loose.id)).condition).toBe('ok');
    expect(await lastEntries(2)).toContainEqual({
      type: 'ITEM',
      action: 'FOUND',
      ref_name: 'Loose truss',
      ref_item_id: loose.id,
      ref_id: loose.id,
      detail: 'by a scan',
    });
    const afterFound = (await call(staff, 'GET', `/manifests/${job.id}/returns`)).json() as Returns;
    expect(afterFound.missing).toEqual([]);
    expect(names(afterFound.returned)).toContain('Loose truss');
  });

  it('finds a missing crate with what is missing inside it through any return screen', async () => {
    const crate = await t.build.item({ name: 'Crate 9' });
    const lamp = await t.build.item({ name: 'Lamp 9', container_id: crate.id });
    const lost = await t.build.manifest({ name: 'Lost job' });
    await call(staff, 'POST', '/allocate', { id: crate.id, manifest_id: lost.id });
    await call(staff, 'POST', `/manifests/${lost.id}/dispatch`);
    await call(staff, 'POST', `/manifests/${lost.id}/close`);
    expect((await row(lamp.id)).condition).toBe('missing');
    // Only the crate gets a MISSING entry; the lamp is counted inside it.
    expect((await lastEntries(2))[0]).toMatchObject({
      action: 'MISSING',
      ref_name: 'Crate 9',
      detail: 'on Lost job, with 1 item inside',
    });

    const other = await t.build.outJob();
    const res = await call(staff, 'POST', `/manifests/${other.manifest.id}/returns`, {
      item_id: crate.id,
      condition: 'ok',
    });
    expect(res.json()).toMatchObject({ outcome: 'found', contents_count: 1 });
    expect((await row(crate.id)).condition).toBe('ok');
    expect((await row(lamp.id)).condition).toBe('ok');
    expect((await lastEntries(1))[0]).toMatchObject({ action: 'FOUND', ref_name: 'Crate 9' });
    const history = (await call(staff, 'GET', `/manifests/${lost.id}/returns`)).json() as Returns;
    expect(history.missing).toEqual([]);
    expect(history.returned.map((i) => i.name)).toEqual(['Crate 9', 'Lamp 9']);
  });

  it('sends items allocated to a job that is already out straight out with it', async () => {
    const { manifest } = await t.build.outJob();
    const late = await t.build.item({ name: 'Late addition' });
    const res = await call(staff, 'POST', '/allocate', { id: late.id, manifest_id: manifest.id });
    expect(res.json()).toMatchObject({ manifest_id: manifest.id });
    expect((res.json() as Item).out_since).not.toBeNull();
    const returns = (
      await call(staff, 'GET', `/manifests/${manifest.id}/returns`)
    ).json() as Returns;
    expect(returns.out.map((i) => i.name)).toContain('Late addition');
  });

  it('records condition changes made by hand: damaged, missing, found', async () => {
    const item = await t.build.item({ name: 'Panel 7' });
    await call(staff, 'PUT', `/items/${item.id}`, { condition: 'damaged', condition_note: 'Dent' });
    expect((await lastEntries(1))[0]).toMatchObject({ action: 'DAMAGE', detail: 'Dent' });
    await call(staff, 'PUT', `/items/${item.id}`, { condition: 'missing' });
    expect((await lastEntries(1))[0]).toMatchObject({ action: 'MISSING' });
    const res = await call(staff, 'PUT', `/items/${item.id}`, { condition: 'ok' });
    expect(res.json()).toMatchObject({ condition: 'ok' });
    expect((await lastEntries(1))[0]).toMatchObject({ action: 'FOUND' });
  });
});

describe('round trip: who sees what', () => {
  it("lists out jobs overdue first, and a client user's own jobs only", async () => {
    const mine = await t.build.client({ name: 'Acme' });
    const a = await t.build.outJob([{ client_id: mine.id }]);
    const b = await t.build.outJob();
    await call(staff, 'PUT', `/manifests/${a.manifest.id}`, {
      name: a.manifest.name,
      client_id: mine.id,
      due_date: '2026-12-31',
    });
    await call(staff, 'PUT', `/manifests/${b.manifest.id}`, {
      name: b.manifest.name,
      out_date: '2020-01-01',
      due_date: '2020-01-02',
    });
    const all = (await call(staff, 'GET', '/out')).json() as Job[];
    expect(all[0]).toMatchObject({ id: b.manifest.id, overdue: true });
    expect(all.find((j) => j.id === a.manifest.id)).toMatchObject({
      overdue: false,
      client_name: 'Acme',
      items_out: 1,
    });

    const member = await t.build.member({ role: 'client', client_id: mine.id });
    const session = {
      member,
      headers: { cookie: await t.loginWith(member.email, member.password) },
    };
    const theirs = (await call(session, 'GET', '/out')).json() as Job[];
    expect(theirs.map((j) => j.id)).toEqual([a.manifest.id]);
    const returns = await call(session, 'GET', `/manifests/${a.manifest.id}/returns`);
    expect((returns.json() as Returns).out).toHaveLength(1);
    expect((await call(session, 'GET', `/manifests/${b.manifest.id}/returns`)).statusCode).toBe(
      404,
    );
  });
});
