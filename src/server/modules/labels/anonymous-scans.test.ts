import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { errorOf, type Session, useTestApp } from '../../../../test/helpers/app.ts';
import { generateLabelCode } from '../../lib/label-codes.ts';
import { MAX_ANONYMOUS_SCANS_PER_ADDRESS, TOO_MANY_SCANS } from './scan-limit.ts';

const t = useTestApp();
/** A second app instance on the same database, as behind a load balancer. */
const other = t.secondInstance();
const [staff] = t.signIn('staff');

/** Each test scans from its own documentation address (RFC 5737), so counts never mix. */
let lastOctet = 0;
const newAddress = () => `203.0.113.${++lastOctet}`;

function scanFrom(
  address: string,
  code: string,
  { app = t.app, key, session }: { app?: FastifyInstance; key?: string; session?: Session } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/inventory/scan/${code}`,
    remoteAddress: address,
    headers: { ...(session?.headers ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
  });
}
const openFrom = (address: string, code: string) =>
  t.app.inject({ method: 'GET', url: `/scan/${code}`, remoteAddress: address });
const scansOf = async (code: string) =>
  (
    await t.app.db
      .selectFrom('activity')
      .select('seq')
      .where('source_id', '=', code)
      .where('action', '=', 'SCAN')
      .execute()
  ).length;
const freshKey = () => `${generateLabelCode()}-${'k'.repeat(180)}`;

describe('anonymous scans: bounded per address', () => {
  it('refuses the scan past the limit with 429 on every instance, recording nothing', async () => {
    const address = newAddress();
    const item = await t.build.item();
    const label = await t.build.label({ item_id: item.id });
    // Half on each instance: the count is the database's, not an instance's.
    for (let i = 0; i < MAX_ANONYMOUS_SCANS_PER_ADDRESS; i++) {
      const res = await scanFrom(address, generateLabelCode(), { app: i % 2 ? other.app : t.app });
      expect(res.statusCode).toBe(200);
    }
    for (const app of [t.app, other.app]) {
      const refused = await scanFrom(address, label.id, { app });
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused)).toEqual({ code: 'rate_limited', message: TOO_MANY_SCANS });
    }
    expect(await scansOf(label.id)).toBe(0);

    // The label URL still opens the item, without recording.
    const opened = await openFrom(address, label.id);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/items/${item.id}`);
    expect(await scansOf(label.id)).toBe(0);

    // Another address, and a member at this one, are not held up.
    expect((await scanFrom(newAddress(), label.id)).statusCode).toBe(200);
    expect((await scanFrom(address, label.id, { session: staff })).statusCode).toBe(200);
    expect(await scansOf(label.id)).toBe(2);
  });

  it('counts the label URL opened anonymously too', async () => {
    const address = newAddress();
    const item = await t.build.item();
    const label = await t.build.label({ item_id: item.id });
    for (let i = 0; i < MAX_ANONYMOUS_SCANS_PER_ADDRESS; i++) {
      expect((await openFrom(address, label.id)).statusCode).toBe(302);
    }
    expect(await scansOf(label.id)).toBe(MAX_ANONYMOUS_SCANS_PER_ADDRESS);
    expect((await openFrom(address, label.id)).statusCode).toBe(302);
    expect(await scansOf(label.id)).toBe(MAX_ANONYMOUS_SCANS_PER_ADDRESS);
    expect((await scanFrom(address, label.id)).statusCode).toBe(429);
  });
});

describe('anonymous scans: no stored idempotency keys', () => {
  it('stores no key for an anonymous caller, whatever key it sends', async () => {
    const before = await t.count('idempotency_keys');
    const address = newAddress();
    for (let i = 0; i < 20; i++) {
      const res = await scanFrom(address, generateLabelCode(), { key: freshKey() });
      expect(res.statusCode).toBe(200);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await t.count('idempotency_keys')).toBe(before);
  });

  it('runs an anonymous scan sent twice with one key twice: nothing shared between callers', async () => {
    const item = await t.build.item();
    const label = await t.build.label({ item_id: item.id });
    const key = freshKey();
    expect((await scanFrom(newAddress(), label.id, { key })).json()).toMatchObject({
      id: label.id,
    });
    const second = await scanFrom(newAddress(), label.id, { key });
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await scansOf(label.id)).toBe(2);
  });

  it("still stores a member's key and replays it", async () => {
    const before = await t.count('idempotency_keys');
    const item = await t.build.item();
    const label = await t.build.label({ item_id: item.id });
    const key = freshKey();
    await scanFrom(newAddress(), label.id, { key, session: staff });
    const replay = await scanFrom(newAddress(), label.id, { key, session: staff });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await scansOf(label.id)).toBe(1);
    expect(await t.count('idempotency_keys')).toBe(before + 1);
  });
});
