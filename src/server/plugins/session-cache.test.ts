import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildMember } from '../../../test/factories/members.ts';
import { TEST_ENGINE } from '../../../test/helpers/database.ts';
import { loginWith, type Session, useTestApp } from '../../../test/helpers/app.ts';
import { setMemberAdmin } from '../modules/members/members.service.ts';
import { hashSecret } from '../lib/secrets.ts';
import { SessionCache } from './session-cache.ts';
import { sqliteFile } from '../db/connection.ts';

/**
 * Two app instances on one database, as behind a load balancer. Instance B has read the
 * member's session (and holds it in its cache) before instance A ends or changes it; B
 * drops it when the change's notice arrives (on PostgreSQL a few milliseconds after A's
 * commit, which the test waits for; a notice that never comes fails it) and then refuses
 * or applies the change (docs/decisions.md, "The session cache"). On SQLite the second
 * instance is a second connection to the same file, which sees A's commits at once.
 */
const t = useTestApp();
// Long enough that a lost listener stays lost while a test looks at it.
const other = t.secondInstance({ sessionListenerRetryMs: 60_000 });
const [admin] = t.signIn('admin');

const me = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/members', headers: { cookie } });
const asCookie = (cookie: string): Session => ({ member: null, headers: { cookie } });
const idHashOf = (cookie: string) => hashSecret(cookie.slice(cookie.indexOf('=') + 1));

/** A new member signed in through A, whose session B has read and now holds. */
async function heldOnB(role: 'staff' | 'admin' = 'staff') {
  const member = await buildMember(t.app, { role });
  const cookie = await loginWith(t.app, member.email, member.password);
  expect((await me(other.app, cookie)).statusCode).toBe(200);
  expect(other.app.sessionCache.get(idHashOf(cookie), Date.now())?.user_id).toBe(member.id);
  return { member, cookie };
}

/** Waits until B has heard that the session changed: it no longer holds it. */
const heardOnB = (cookie: string) =>
  expect
    .poll(() => other.app.sessionCache.get(idHashOf(cookie), Date.now()), { timeout: 5_000 })
    .toBeUndefined();

describe('a session ended or changed on one instance, on the other', () => {
  type Member = Awaited<ReturnType<typeof heldOnB>>['member'];
  type Answer = { statusCode: number; body: string };
  const passphrase = 'a whole new passphrase';
  /** Each way of ending a session, through instance A; the answer when it is a request. */
  const endings: Array<[string, (member: Member, cookie: string) => Promise<Answer | undefined>]> =
    [
      ['signing out', (_m, cookie) => t.request(asCookie(cookie), 'POST', '/api/logout')],
      [
        "an admin changing the member's password",
        (member) =>
          t.request(admin, 'PUT', `/api/members/id/${member.id}`, { password: passphrase }),
      ],
      [
        'the member changing their password in another session',
        async (member) => {
          const elsewhere = await loginWith(t.app, member.email, member.password);
          return t.request(asCookie(elsewhere), 'PUT', '/api/members/password', {
            current_password: member.password,
            password: passphrase,
          });
        },
      ],
      [
        'removing the member',
        (member) => t.request(admin, 'DELETE', `/api/members/id/${member.id}`),
      ],
      [
        'its row made to expire',
        (member) =>
          t.app.db
            .updateTable('sessions')
            .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
            .where('user_id', '=', member.id)
            .execute()
            .then(() => undefined),
      ],
    ];

  it.each(endings)('is refused at once after %s', async (_how, end) => {
    const { member, cookie } = await heldOnB();
    const res = await end(member, cookie);
    // A route's answer waits until B has heard; a direct write does not, so the test does.
    if (res) expect(res.statusCode, res.body).toBe(200);
    else await heardOnB(cookie);
    expect((await me(other.app, cookie)).statusCode).toBe(401);
  });

  it("loses admin rights at once when the member's role changes", async () => {
    const { member, cookie } = await heldOnB('admin');
    const list = { method: 'GET' as const, url: '/api/members/list', headers: { cookie } };
    expect((await other.app.inject(list)).statusCode).toBe(200);
    await setMemberAdmin(t.app, member.id, false);
    await heardOnB(cookie);
    expect((await other.app.inject(list)).statusCode).toBe(403);
    expect((await me(other.app, cookie)).json()).toMatchObject({ is_admin: false });
  });

  it('keeps serving a session nobody changed from the cache', async () => {
    const { member, cookie } = await heldOnB();
    expect((await me(other.app, cookie)).json()).toMatchObject({ id: member.id });
    expect(other.app.sessionCache.get(idHashOf(cookie), Date.now())?.user_id).toBe(member.id);
  });
});

// The `admin` command is another process: its writes reach no Kysely plugin of ours, only
// SQLite's data_version, which the cache asks once per turn of the event loop.
describe.skipIf(TEST_ENGINE !== 'sqlite')('a change by another process (SQLite)', () => {
  it("takes a member's admin rights from the next request", async () => {
    const member = await buildMember(t.app, { role: 'admin' });
    const cookie = await loginWith(t.app, member.email, member.password);
    const list = { method: 'GET' as const, url: '/api/members/list', headers: { cookie } };
    expect((await t.app.inject(list)).statusCode).toBe(200);
    expect(t.app.sessionCache.get(idHashOf(cookie), Date.now())).toBeDefined();
    const elsewhere = new SqliteDatabase(sqliteFile(t.config.dataDir));
    try {
      elsewhere.prepare('UPDATE users SET is_admin = 0 WHERE id = ?').run(member.id);
    } finally {
      elsewhere.close();
    }
    // A request that arrives after the commit: a later turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    expect((await t.app.inject(list)).statusCode).toBe(403);
  });
});

describe.skipIf(TEST_ENGINE !== 'postgres')('the listening connection (PostgreSQL)', () => {
  const endListener = async (app: FastifyInstance) => {
    const pid = app.sessionListener!.processId;
    expect(pid).toBeTypeOf('number');
    await sql`SELECT pg_terminate_backend(${pid})`.execute(t.app.db);
    await expect.poll(() => app.sessionCache.active).toBe(false);
  };

  it('while it is down, no session is answered or kept from the cache', async () => {
    const { cookie } = await heldOnB();
    await endListener(other.app);
    expect(other.app.sessionCache.size).toBe(0);
    expect((await me(other.app, cookie)).statusCode).toBe(200);
    expect(other.app.sessionCache.size).toBe(0);
    // A's notice goes nowhere: B must read the session again.
    expect((await t.request(asCookie(cookie), 'POST', '/api/logout')).statusCode).toBe(200);
    expect((await me(other.app, cookie)).statusCode).toBe(401);
  });

  it('comes back empty and hears changes again', async () => {
    // A this time (B stays without its listener for this file): its own retry is the default.
    const member = await buildMember(t.app, { role: 'staff' });
    const cookie = await loginWith(other.app, member.email, member.password);
    const held = () => t.app.sessionCache.get(idHashOf(cookie), Date.now());
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    expect(held()?.user_id).toBe(member.id);
    const before = t.app.sessionListener!.processId;
    await endListener(t.app);
    await expect.poll(() => t.app.sessionCache.active, { timeout: 10_000 }).toBe(true);
    expect(t.app.sessionListener!.processId).not.toBe(before);
    expect(held()).toBeUndefined();
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    expect(held()?.user_id).toBe(member.id);
    const signOut = { method: 'POST' as const, url: '/api/logout', headers: { cookie } };
    expect((await other.app.inject(signOut)).statusCode).toBe(200);
    await expect.poll(held, { timeout: 5_000 }).toBeUndefined();
    expect((await me(t.app, cookie)).statusCode).toBe(401);
  });
});

describe('SessionCache', () => {
  const row = {
    id_hash: 'h',
    created_at: '',
    last_seen_at: '',
    expires_at: '',
    user_id: 'u',
    email: 'u@example.com',
    is_admin: 0,
    client_id: null,
    email_verified_at: null,
  };

  it('does not keep a session read before a change it heard meanwhile', () => {
    const cache = new SessionCache({ on: true });
    const ticket = cache.ticket();
    cache.heard('user:u');
    cache.put('h', row, ticket, 0);
    expect(cache.get('h', 0)).toBeUndefined();
  });

  it('keeps nothing while off, and nothing of before once on again', () => {
    const cache = new SessionCache({ on: true });
    cache.put('h', row, cache.ticket(), 0);
    cache.switchOff();
    cache.put('h', row, cache.ticket(), 0);
    expect(cache.get('h', 0)).toBeUndefined();
    cache.switchOn();
    expect(cache.get('h', 0)).toBeUndefined();
  });

  it('believes a session no longer than its time', () => {
    const cache = new SessionCache({ on: true });
    cache.put('h', row, cache.ticket(), 0);
    expect(cache.get('h', 9_999)).toBe(row);
    expect(cache.get('h', 10_000)).toBeUndefined();
  });
});
