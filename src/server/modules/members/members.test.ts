import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  anonymous,
  createTestApp,
  errorOf,
  injectAs,
  loginAs,
  type Session,
  useTestApp,
} from '../../../../test/helpers/app.ts';
import { buildMember } from '../../../../test/factories/members.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import { deleteMember } from './members.service.ts';

const t = useTestApp();
const [admin, staff, client] = t.signIn('admin', 'staff', 'client');

/** Sessions are looked up when the test runs: they exist only after beforeAll. */
const deniedCases = [
  ['anonymous visitor', () => anonymous, 401, 'unauthorized'],
  ['client user', () => client, 403, 'forbidden'],
  ['staff member', () => staff, 403, 'forbidden'],
] as const;

/** Everything a members request could change: accounts, sign-ins and the feed. */
async function snapshot() {
  const [users, sessions, activity] = await Promise.all([
    t.app.db.selectFrom('users').selectAll().orderBy('id').execute(),
    t.app.db.selectFrom('sessions').select(['id_hash', 'user_id']).orderBy('id_hash').execute(),
    t.app.db.selectFrom('activity').selectAll().orderBy('seq').execute(),
  ]);
  return { users, sessions, activity };
}

/** Sends the request, expects the refusal, and proves that nothing changed. */
async function expectRefused(
  session: Session,
  options: InjectOptions,
  status: number,
  code?: string,
) {
  const before = await snapshot();
  const res = await t.inject(session, options);
  expect(res.statusCode, res.body).toBe(status);
  if (code) expect(errorOf(res).code).toBe(code);
  expect(errorOf(res).message).toBeTruthy();
  expect(await snapshot()).toEqual(before);
  return res;
}

/** The feed entries about one member after a point (the factory records a CREATE). */
async function memberActivity(sourceId: string, afterSeq = 0) {
  return t.app.db
    .selectFrom('activity')
    .selectAll()
    .where('type', '=', 'MEMBER')
    .where('source_id', '=', sourceId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .execute();
}

async function lastSeq(): Promise<number> {
  const row = await t.app.db
    .selectFrom('activity')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

async function userRow(id: string) {
  return t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/password/i);
  expect(body).not.toContain('$argon2');
}

describe('GET /api/members/list', () => {
  const list: InjectOptions = { method: 'GET', url: '/api/members/list' };

  it.each(deniedCases)('refuses the %s', async (_name, sessionOf, status, code) => {
    const session = sessionOf();
    await expectRefused(session, list, status, code);
  });

  it('refuses a client user even when their row is flagged admin', async () => {
    // Older data or a hand edit could hold this combination; the API never creates it.
    const clientRow = await t.build.client();
    const email = `flagged-${newId(6)}@example.com`;
    const password = 'flagged-password';
    const now = nowIso();
    await t.app.db
      .insertInto('users')
      .values({
        id: newId(),
        email,
        password_hash: await hashPassword(password),
        is_admin: 1,
        client_id: clientRow.id,
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const cookie = await t.loginWith(email, password);
    await expectRefused({ member: null, headers: { cookie } }, list, 403, 'forbidden');
  });

  it('lists every member for an admin, sorted by email, without secrets', async () => {
    const acme = await t.build.client({ name: 'Acme Storage' });
    // Punctuation sorts by code point on both engines, whatever the server's locale.
    const made = [
      await t.build.member({ email: 'zz-last@example.com' }),
      await t.build.member({ email: 'ab@example.com' }),
      await t.build.member({ email: 'a.z@example.com', role: 'admin' }),
      await t.build.member({ email: 'a-c@example.com', role: 'client', client_id: acme.id }),
    ];
    const res = await t.inject(admin, list);
    expect(res.statusCode).toBe(200);
    expectNoSecrets(res.body);

    const members = res.json() as Array<Record<string, unknown>>;
    const emails = members.map((m) => m.email as string);
    const inDatabase = await t.app.db.selectFrom('users').select('email').execute();
    expect(emails).toHaveLength(inDatabase.length);
    expect(emails).toEqual(inDatabase.map((u) => u.email).sort());
    const index = (email: string) => emails.indexOf(email);
    expect(index('a-c@example.com')).toBeLessThan(index('a.z@example.com'));
    expect(index('a.z@example.com')).toBeLessThan(index('ab@example.com'));

    const clientUser = members.find((m) => m.email === 'a-c@example.com');
    expect(clientUser).toEqual({
      id: made[3]!.id,
      email: 'a-c@example.com',
      is_admin: false,
      client_id: acme.id,
      client_name: 'Acme Storage',
      email_verified: true,
      version: 1,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(members.find((m) => m.email === 'a.z@example.com')).toMatchObject({
      is_admin: true,
      client_id: null,
      client_name: null,
    });
  });
});

describe('POST /api/members', () => {
  const create = (payload: unknown): InjectOptions => ({
    method: 'POST',
    url: '/api/members',
    payload: payload as InjectOptions['payload'],
  });
  const valid = () => ({ username: `new-${newId(6)}@example.com`, password: 'initial-pass-1' });

  it.each(deniedCases)('refuses the %s', async (_name, sessionOf, status, code) => {
    const session = sessionOf();
    await expectRefused(session, create(valid()), status, code);
  });

  it('refuses a staff member trying to make themselves an admin', async () => {
    await expectRefused(
      staff,
      create({ ...valid(), username: staff.member!.email, is_admin: true }),
      403,
      'forbidden',
    );
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['an array', [valid()]],
    ['a numeric email', { username: 42, password: 'initial-pass-1' }],
    ['a numeric password', { username: 'n@example.com', password: 12345678 }],
    ['is_admin as a string', { ...valid(), is_admin: 'yes' }],
    ['client_id as a number', { ...valid(), client_id: 7 }],
    ['a malformed client_id', { ...valid(), client_id: 'no such id!' }],
    ['a missing password', { username: 'n@example.com' }],
    ['a short password', { username: 'n@example.com', password: 'seven77' }],
    ['an invalid email', { username: 'not-an-email', password: 'initial-pass-1' }],
    ['an email without domain', { username: 'someone@', password: 'initial-pass-1' }],
    ['unknown field email_verified', { ...valid(), email_verified: true }],
    ['unknown field password_hash', { ...valid(), password_hash: '$argon2id$v=19$fake' }],
    ['unknown field id', { ...valid(), id: 'chosen-id' }],
  ])('refuses %s with 400', async (_name, payload) => {
    await expectRefused(admin, create(payload), 400);
  });

  it('names the unknown field and the short password in its messages', async () => {
    const unknown = await expectRefused(admin, create({ ...valid(), email_verified: true }), 400);
    expect(errorOf(unknown).message).toContain('email_verified');
    const short = await expectRefused(admin, create({ ...valid(), password: 'short' }), 400);
    expect(errorOf(short).message).toBe('Password must be at least 8 characters');
  });

  it('refuses a __proto__ key', async () => {
    const { username } = valid();
    await expectRefused(
      admin,
      {
        method: 'POST',
        url: '/api/members',
        headers: { 'content-type': 'application/json' },
        payload: `{"username":"${username}","password":"initial-pass-1","__proto__":{"is_admin":true}}`,
      },
      400,
    );
    expect(
      await t.app.db.selectFrom('users').select('id').where('email', '=', username).execute(),
    ).toEqual([]);
  });

  it('refuses a duplicate email with 409, whatever its case or spacing', async () => {
    const existing = await t.build.member();
    for (const username of [existing.email, `  ${existing.email.toUpperCase()} `]) {
      const res = await expectRefused(
        admin,
        create({ username, password: 'initial-pass-1' }),
        409,
        'email_taken',
      );
      expect(errorOf(res).message).toBe('A member with this email already exists.');
    }
  });

  it('refuses an unknown client with 400', async () => {
    const res = await expectRefused(admin, create({ ...valid(), client_id: 'nosuchclient' }), 400);
    expect(errorOf(res).message).toBe('That client does not exist.');
  });

  it('refuses is_admin together with client_id with 400', async () => {
    const acme = await t.build.client();
    const res = await expectRefused(
      admin,
      create({ ...valid(), is_admin: true, client_id: acme.id }),
      400,
    );
    expect(errorOf(res).message).toBe('A client user cannot be an admin.');
  });

  it('accepts exactly one of several simultaneous adds of the same email', async () => {
    // On PostgreSQL the email check cannot see the other uncommitted inserts; the unique
    // index must turn the losers into 409s, never 500s. Four tries make the race likely.
    const payload = valid();
    const results = await Promise.all([1, 2, 3, 4].map(() => t.inject(admin, create(payload))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const lost of results.filter((r) => r.statusCode === 409)) {
      expect(errorOf(lost).code).toBe('email_taken');
    }
    const rows = await t.rows('users', { email: payload.username });
    expect(rows).toHaveLength(1);
  });

  it('adds a staff member, unverified, who can sign in, and records it', async () => {
    const res = await t.inject(
      admin,
      create({ username: '  New.Staff@Example.com ', password: 'initial-pass-1' }),
    );
    expect(res.statusCode).toBe(201);
    expectNoSecrets(res.body);
    const member = res.json();
    expect(member).toEqual({
      id: expect.any(String),
      email: 'new.staff@example.com',
      is_admin: false,
      client_id: null,
      client_name: null,
      email_verified: false,
      version: 1,
      created_at: expect.any(String),
    });
    const row = await userRow(member.id);
    expect(row).toMatchObject({ email: 'new.staff@example.com', is_admin: 0, client_id: null });
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);

    const activity = await memberActivity(member.id);
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({
      action: 'CREATE',
      user_id: admin.member!.id,
      email: admin.member!.email,
      ref_name: 'new.staff@example.com',
      ref_id: member.id,
    });

    const cookie = await t.loginWith('new.staff@example.com', 'initial-pass-1');
    const me = await t.currentMember(cookie);
    expect(me.json()).toMatchObject({ id: member.id, is_admin: false });
  });

  it('adds an admin and a client user', async () => {
    const acme = await t.build.client({ name: 'Acme' });
    const newAdmin = await t.inject(admin, create({ ...valid(), is_admin: true }));
    expect(newAdmin.statusCode).toBe(201);
    expect(newAdmin.json()).toMatchObject({ is_admin: true, client_id: null });

    const clientUser = await t.inject(
      admin,
      create({ ...valid(), is_admin: false, client_id: acme.id }),
    );
    expect(clientUser.statusCode).toBe(201);
    expect(clientUser.json()).toMatchObject({
      is_admin: false,
      client_id: acme.id,
      client_name: 'Acme',
    });
    expect(await userRow(clientUser.json().id)).toMatchObject({ is_admin: 0, client_id: acme.id });
  });
});

describe('DELETE /api/members/id/:id', () => {
  const remove = (id: string): InjectOptions => ({
    method: 'DELETE',
    url: `/api/members/id/${id}`,
  });

  it.each(deniedCases)('refuses the %s', async (_name, sessionOf, status, code) => {
    const session = sessionOf();
    const victim = await t.build.member();
    await expectRefused(session, remove(victim.id), status, code);
  });

  it('refuses a client user or staff member deleting themselves', async () => {
    await expectRefused(client, remove(client.member!.id), 403);
    await expectRefused(staff, remove(staff.member!.id), 403);
  });

  it('answers 404 for an unknown member and 400 for a malformed id', async () => {
    await expectRefused(admin, remove('nosuchmember'), 404, 'not_found');
    await expectRefused(admin, remove('bad%20id'), 400);
  });

  it('refuses a body', async () => {
    const victim = await t.build.member();
    await expectRefused(admin, { ...remove(victim.id), payload: { force: true } }, 400);
  });

  it('does not let an admin delete themselves', async () => {
    const res = await expectRefused(admin, remove(admin.member!.id), 409, 'self_delete');
    expect(errorOf(res).message).toBe('You cannot delete yourself.');
  });

  it('deletes a member, ends their sessions, frees the email and records it', async () => {
    const victim = await t.build.member({ role: 'client' });
    const cookie = await t.loginWith(victim.email, victim.password);
    const seq = await lastSeq();

    const res = await t.inject(admin, remove(victim.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await userRow(victim.id)).toBeUndefined();
    const me = await t.currentMember(cookie);
    expect(me.statusCode).toBe(401);

    expect(await memberActivity(victim.id, seq)).toEqual([
      expect.objectContaining({
        action: 'DELETE',
        user_id: admin.member!.id,
        ref_name: victim.email,
      }),
    ]);
    const again = await t.inject(admin, {
      method: 'POST',
      url: '/api/members',
      payload: { username: victim.email, password: 'initial-pass-1' },
    });
    expect(again.statusCode).toBe(201);
  });

  it('deletes another admin', async () => {
    const other = await t.build.member({ role: 'admin' });
    const res = await t.inject(admin, remove(other.id));
    expect(res.statusCode).toBe(200);
    expect(await userRow(other.id)).toBeUndefined();
  });
});

describe('the last admin', () => {
  it('cannot be deleted, even by a trusted caller', async () => {
    const own = await createTestApp();
    try {
      const only = await buildMember(own.app, { role: 'admin' });
      await buildMember(own.app, { role: 'staff' });
      await expect(
        deleteMember(own.app, only.id, { ...only, is_admin: true, email_verified: true, id: 'x' }),
      ).rejects.toMatchObject({ status: 409, code: 'last_admin' });
      expect(
        await own.app.db.selectFrom('users').select('id').where('id', '=', only.id).execute(),
      ).toHaveLength(1);
      expect(await own.app.db.selectFrom('activity').selectAll().execute()).toHaveLength(2);
    } finally {
      await own.close();
    }
  });

  it('survives two admins deleting each other at the same moment', async () => {
    const own = await createTestApp();
    try {
      const a = await loginAs(own.app, 'admin');
      const b = await loginAs(own.app, 'admin');
      const results = await Promise.all([
        injectAs(own.app, a, { method: 'DELETE', url: `/api/members/id/${b.member!.id}` }),
        injectAs(own.app, b, { method: 'DELETE', url: `/api/members/id/${a.member!.id}` }),
      ]);
      // One wins. The other is refused as the last admin or, when it arrives after the
      // first delete committed, finds its own session gone with its account.
      const [won, lost] = [...results].sort((x, y) => x.statusCode - y.statusCode);
      expect(won!.statusCode).toBe(200);
      expect([401, 409]).toContain(lost!.statusCode);
      if (lost!.statusCode === 409) expect(errorOf(lost!).code).toBe('last_admin');
      const admins = await own.app.db
        .selectFrom('users')
        .select('id')
        .where('is_admin', '=', 1)
        .execute();
      expect(admins).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});

describe('PUT /api/members/id/:id (password)', () => {
  const put = (id: string, payload: unknown): InjectOptions => ({
    method: 'PUT',
    url: `/api/members/id/${id}`,
    payload: payload as InjectOptions['payload'],
  });

  it.each(deniedCases)('refuses the %s', async (_name, sessionOf, status, code) => {
    const session = sessionOf();
    const victim = await t.build.member();
    await expectRefused(session, put(victim.id, { password: 'taken-over-1' }), status, code);
  });

  it("refuses a staff member changing an admin's password or their own through it", async () => {
    await expectRefused(staff, put(admin.member!.id, { password: 'taken-over-1' }), 403);
    await expectRefused(staff, put(staff.member!.id, { password: 'taken-over-1' }), 403);
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['a numeric password', { password: 123456789 }],
    ['a short password', { password: 'seven77' }],
    ['an empty password', { password: '' }],
    ['a too long password', { password: 'x'.repeat(257) }],
    ['unknown field is_admin', { password: 'long-enough-1', is_admin: true }],
    ['unknown field email', { password: 'long-enough-1', email: 'x@example.com' }],
    ['unknown field password_hash', { password: 'long-enough-1', password_hash: 'x' }],
  ])('refuses %s with 400', async (_name, payload) => {
    const victim = await t.build.member();
    await expectRefused(admin, put(victim.id, payload), 400);
  });

  it('refuses a __proto__ key', async () => {
    const victim = await t.build.member();
    await expectRefused(
      admin,
      {
        method: 'PUT',
        url: `/api/members/id/${victim.id}`,
        headers: { 'content-type': 'application/json' },
        payload: '{"password":"long-enough-1","__proto__":{"is_admin":true}}',
      },
      400,
    );
  });

  it('answers 404 for an unknown member', async () => {
    await expectRefused(admin, put('nosuchmember', { password: 'long-enough-1' }), 404);
  });

  it('sets the password, ends that member’s sessions only, and records it', async () => {
    const victim = await t.build.member();
    const oldCookie = await t.loginWith(victim.email, victim.password);
    const before = await userRow(victim.id);
    const seq = await lastSeq();

    const res = await t.inject(admin, put(victim.id, { password: 'brand-new-pass' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/members',
      headers: { cookie: oldCookie },
    });
    expect(stale.statusCode).toBe(401);
    const still = await t.inject(admin, { method: 'GET', url: '/api/members' });
    expect(still.statusCode).toBe(200);

    const wrong = await t.tryLogin(victim.email, victim.password);
    expect(wrong.statusCode).toBe(401);
    await t.loginWith(victim.email, 'brand-new-pass');

    const after = await userRow(victim.id);
    expect(after!.password_hash).not.toBe(before!.password_hash);
    expect(after!.updated_at >= before!.updated_at).toBe(true);
    expect(after).toMatchObject({ is_admin: 0, client_id: null, email: victim.email });
    expect(await memberActivity(victim.id, seq)).toEqual([
      expect.objectContaining({ action: 'UPDATE', user_id: admin.member!.id }),
    ]);
  });
});
