import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  anonymous,
  errorOf,
  injectAs,
  type Session,
  useTestApp,
} from '../../../../test/helpers/app.ts';
import { newId } from '../../lib/ids.ts';
import { idempotencyRepo } from './idempotency.repo.ts';
import { KEY_LIFETIME_MS } from './idempotency.service.ts';

const t = useTestApp();
/** A second app instance on the same database, as behind a load balancer. */
const other = t.secondInstance();
const [staff, staff2, client] = t.signIn('staff', 'staff', 'client');

type Method = 'POST' | 'PUT';
const send = (
  session: Session,
  method: Method,
  url: string,
  payload: object | undefined,
  key: string | undefined,
  app: FastifyInstance = t.app,
) =>
  injectAs(app, session, {
    method,
    url: `/api/inventory${url}`,
    headers: key === undefined ? {} : { 'idempotency-key': key },
    ...(payload !== undefined ? { payload } : {}),
  });

const manifestOf = async (id: string) => (await t.row('items', id)).manifest_id;
const replayed = (res: LightMyRequestResponse) => res.headers['idempotent-replayed'] === 'true';

describe('Idempotency-Key', () => {
  it('is refused with 401, 403 and 400 before any key is stored', async () => {
    const m = await t.build.manifest();
    const item = await t.build.item();
    const keys = await t.count('idempotency_keys');
    const body = { manifest_id: m.id, id: item.id };
    expect((await send(anonymous, 'POST', '/allocate', body, newId())).statusCode).toBe(401);
    expect((await send(client, 'POST', '/allocate', body, newId())).statusCode).toBe(403);
    const bad = await send(staff, 'POST', '/allocate', { manifest_id: 5 }, newId());
    expect(bad.statusCode).toBe(400);
    for (const key of ['has space', '', 'x'.repeat(201), 'naïve']) {
      const res = await send(staff, 'POST', '/allocate', body, key);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('invalid_idempotency_key');
    }
    expect(await t.count('idempotency_keys')).toBe(keys);
    expect(await manifestOf(item.id)).toBeNull();
  });

  it('answers a replayed allocation with the first answer and changes nothing', async () => {
    const m1 = await t.build.manifest({ name: 'First' });
    const m2 = await t.build.manifest({ name: 'Second' });
    const item = await t.build.item();
    const key = newId();
    const body = { manifest_id: m1.id, id: item.id };
    const activityBefore = await t.count('activity');
    const first = await send(staff, 'POST', '/allocate', body, key);
    expect(first.statusCode).toBe(200);
    expect(replayed(first)).toBe(false);
    expect(await t.count('activity')).toBe(activityBefore + 1);

    // A newer change by someone else must survive the replay of the older request.
    expect(
      (await send(staff2, 'POST', '/allocate', { ...body, manifest_id: m2.id }, undefined))
        .statusCode,
    ).toBe(200);
    const activityAfterMove = await t.count('activity');
    const again = await send(staff, 'POST', '/allocate', body, key);
    expect(again.statusCode).toBe(200);
    expect(replayed(again)).toBe(true);
    expect(again.body).toBe(first.body);
    expect(await manifestOf(item.id)).toBe(m2.id);
    expect(await t.count('activity')).toBe(activityAfterMove);
  });

  it('creates one item however often the same creation is sent', async () => {
    const key = newId();
    const before = await t.count('items');
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await send(staff, 'POST', '/items', { name: 'Once' }, key));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await t.count('items')).toBe(before + 1);
  });

  it("stores the answer in the write's transaction: an instance dying before the answer is stored leaves no write for a resend to repeat", async () => {
    const key = newId();
    const before = await t.count('items');
    const storeAnswer = vi
      .spyOn(idempotencyRepo, 'complete')
      .mockRejectedValueOnce(new Error('the instance died before storing the answer'));
    try {
      const died = await send(staff, 'POST', '/items', { name: 'Died once' }, key);
      expect(died.statusCode).toBe(500);
    } finally {
      storeAnswer.mockRestore();
    }
    // The write rolled back with its answer, and no claim is left to wait for.
    expect(await t.count('items')).toBe(before);
    expect(await idempotencyRepo.find(t.app.db, staff.member!.id, key)).toBeUndefined();
    // The phone resends after the stale-claim time: the item is created once, with its answer.
    await t.app.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 10 * 60_000).toISOString() })
      .where('key', '=', key)
      .execute();
    const resent = await send(staff, 'POST', '/items', { name: 'Died once' }, key);
    expect(resent.statusCode).toBe(201);
    expect(await t.count('items')).toBe(before + 1);
    const stored = await idempotencyRepo.find(t.app.db, staff.member!.id, key);
    expect(stored?.status).toBe(201);
    expect(stored?.body).toBe(resent.body);
  });

  it('refuses the same key with a different request (422) and changes nothing', async () => {
    const key = newId();
    const item = await t.build.item({ name: 'Before' });
    expect((await send(staff, 'PUT', `/items/${item.id}`, { name: 'After' }, key)).statusCode).toBe(
      200,
    );
    const reused = await send(staff, 'PUT', `/items/${item.id}`, { name: 'Other' }, key);
    expect(reused.statusCode).toBe(422);
    expect(errorOf(reused).code).toBe('idempotency_key_reused');
    const elsewhere = await send(staff, 'POST', '/items', { name: 'Other' }, key);
    expect(elsewhere.statusCode).toBe(422);
    const row = await t.app.db
      .selectFrom('items')
      .select('name')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('After');
  });

  it('keeps keys apart per member', async () => {
    const key = newId();
    const before = await t.count('items');
    expect((await send(staff, 'POST', '/items', { name: 'Mine' }, key)).statusCode).toBe(201);
    const theirs = await send(staff2, 'POST', '/items', { name: 'Mine' }, key);
    expect(theirs.statusCode).toBe(201);
    expect(replayed(theirs)).toBe(false);
    expect(await t.count('items')).toBe(before + 2);
  });

  it('replays a refusal as the same refusal', async () => {
    const key = newId();
    const item = await t.build.item();
    const body = { manifest_id: 'NOSUCHMANIF', id: item.id };
    const first = await send(staff, 'POST', '/allocate', body, key);
    // An unknown manifest is refused (400 or 404, whichever the items module chooses).
    expect([400, 404]).toContain(first.statusCode);
    const again = await send(staff, 'POST', '/allocate', body, key);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(replayed(again)).toBe(true);
  });

  it('records a scan and attaches or frees a label once per key', async () => {
    const item = await t.build.item();
    const label = await t.build.label({ item_id: item.id });
    const scanKey = newId();
    const activityBefore = await t.count('activity');
    for (let i = 0; i < 2; i++) {
      expect((await send(staff, 'POST', `/scan/${label.id}`, undefined, scanKey)).statusCode).toBe(
        200,
      );
    }
    expect(await t.count('activity')).toBe(activityBefore + 1);

    const freeKey = newId();
    const free = () => send(staff, 'PUT', `/labels/${label.id}`, { item_id: null }, freeKey);
    expect((await free()).statusCode).toBe(200);
    const afterFree = await t.count('activity');
    expect((await free()).statusCode).toBe(200);
    expect(await t.count('activity')).toBe(afterFree);

    const attachKey = newId();
    const attach = () =>
      send(staff, 'POST', '/labels', { item_id: item.id, id: label.id }, attachKey);
    expect((await attach()).statusCode).toBe(200);
    const afterAttach = await t.count('activity');
    expect(replayed(await attach())).toBe(true);
    expect(await t.count('activity')).toBe(afterAttach);
  });

  it('returns an item from a job and adds its damage photo once per key, as an offline return syncs', async () => {
    const { manifest, items } = await t.build.outJob([{ name: 'Deck' }]);
    const deck = items[0]!;
    const returnKey = newId();
    const giveBack = () =>
      send(
        staff,
        'POST',
        `/manifests/${manifest.id}/returns`,
        { item_id: deck.id, condition: 'damaged', note: 'Scuffed' },
        returnKey,
      );
    const first = await giveBack();
    expect(first.statusCode).toBe(200);
    const activityAfter = await t.count('activity');
    const again = await giveBack();
    expect(replayed(again)).toBe(true);
    expect(again.body).toBe(first.body);
    expect(await t.count('activity')).toBe(activityAfter);

    const photoKey = `${returnKey}:photo`;
    const upload = await t.build.upload();
    const addPhoto = (src: string) =>
      send(staff, 'POST', `/items/${deck.id}/images`, { src }, photoKey);
    const imagesBefore = await t.count('images');
    expect((await addPhoto(upload.url)).statusCode).toBe(201);
    expect(replayed(await addPhoto(upload.url))).toBe(true);
    // A second send uploads the photo again, under another address: refused, nothing added.
    const reuploaded = await t.build.upload();
    const other = await addPhoto(reuploaded.url);
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).code).toBe('idempotency_key_reused');
    expect(await t.count('images')).toBe(imagesBefore + 1);
  });

  it('applies two concurrent requests with one key once, on two app instances, and both get the same answer', async () => {
    for (let round = 0; round < 5; round++) {
      const key = newId();
      const before = await t.count('items');
      const [a, b] = await Promise.all([
        send(staff, 'POST', '/items', { name: `Race ${round}` }, key, t.app),
        send(staff, 'POST', '/items', { name: `Race ${round}` }, key, other.app),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.body).toBe(b.body);
      expect([replayed(a), replayed(b)].filter(Boolean)).toHaveLength(1);
      expect(await t.count('items')).toBe(before + 1);
    }
  });

  it('makes a request whose key is still running wait for that answer', async () => {
    const key = newId();
    const item = await t.build.item({ name: 'Waiting' });
    const payload = { name: 'Renamed' };
    // The first request's answer, produced elsewhere: run it once to learn the fingerprint.
    const probeKey = newId();
    await send(staff, 'PUT', `/items/${item.id}`, payload, probeKey);
    const probe = (await idempotencyRepo.find(t.app.db, staff.member!.id, probeKey))!;
    const now = new Date();
    await idempotencyRepo.claim(t.app.db, {
      ...probe,
      key,
      status: null,
      body: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + KEY_LIFETIME_MS).toISOString(),
    });
    const waiting = send(staff, 'PUT', `/items/${item.id}`, payload, key, other.app);
    await new Promise((r) => setTimeout(r, 300));
    await idempotencyRepo.complete(t.app.db, staff.member!.id, key, {
      status: 200,
      body: '{"first":true}',
    });
    const res = await waiting;
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"first":true}');
  });

  it('takes over a claim left by a request that died, and forgets keys after their lifetime', async () => {
    const staleKey = newId();
    const item = await t.build.item({ name: 'Stale' });
    const payload = { name: 'Taken over' };
    const long = new Date(Date.now() - 10 * 60_000);
    const probeKey = newId();
    await send(staff, 'PUT', `/items/${item.id}`, { name: 'Probe' }, probeKey);
    await idempotencyRepo.claim(t.app.db, {
      user_key: staff.member!.id,
      key: staleKey,
      fingerprint: 'unknown until it runs',
      status: null,
      body: null,
      created_at: long.toISOString(),
      expires_at: new Date(long.getTime() + KEY_LIFETIME_MS).toISOString(),
    });
    // The stale claim's fingerprint differs: a dead request is not "the same request".
    expect((await send(staff, 'PUT', `/items/${item.id}`, payload, staleKey)).statusCode).toBe(422);

    const expiredKey = newId();
    const old = new Date(Date.now() - KEY_LIFETIME_MS - 1000);
    await idempotencyRepo.claim(t.app.db, {
      user_key: staff.member!.id,
      key: expiredKey,
      fingerprint: 'whatever',
      status: 200,
      body: '{}',
      created_at: old.toISOString(),
      expires_at: new Date(old.getTime() + KEY_LIFETIME_MS).toISOString(),
    });
    const fresh = await send(staff, 'PUT', `/items/${item.id}`, payload, expiredKey);
    expect(fresh.statusCode).toBe(200);
    expect(replayed(fresh)).toBe(false);

    await idempotencyRepo.claim(t.app.db, {
      user_key: staff.member!.id,
      key: newId(),
      fingerprint: 'whatever',
      status: 200,
      body: '{}',
      created_at: old.toISOString(),
      expires_at: new Date(old.getTime() + KEY_LIFETIME_MS).toISOString(),
    });
    expect(await idempotencyRepo.purgeExpired(t.app.db, new Date().toISOString())).toBe(1);
  });

  it('takes over a stale claim of the same request and runs it', async () => {
    const item = await t.build.item({ name: 'Stale same' });
    const payload = { name: 'Ran after takeover' };
    const probeKey = newId();
    await send(staff, 'PUT', `/items/${item.id}`, payload, probeKey);
    const probe = (await idempotencyRepo.find(t.app.db, staff.member!.id, probeKey))!;
    const key = newId();
    const long = new Date(Date.now() - 10 * 60_000);
    await idempotencyRepo.claim(t.app.db, {
      ...probe,
      key,
      status: null,
      body: null,
      created_at: long.toISOString(),
      expires_at: new Date(long.getTime() + KEY_LIFETIME_MS).toISOString(),
    });
    const res = await send(staff, 'PUT', `/items/${item.id}`, payload, key);
    expect(res.statusCode).toBe(200);
    expect(replayed(res)).toBe(false);
    expect((await idempotencyRepo.find(t.app.db, staff.member!.id, key))?.status).toBe(200);
  });
});
