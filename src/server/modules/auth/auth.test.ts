import { describe, expect, it } from 'vitest';
import {
  anonymous,
  createTestApp,
  errorOf,
  sessionCookieOf,
  TEST_PUBLIC_URL,
  useTestApp,
} from '../../../../test/helpers/app.ts';
import { linkIn, tokenIn, useTestSmtp } from '../../../../test/helpers/smtp.ts';
import { FORGOT_PASSWORD_MESSAGE } from '../../../common/schemas/member.ts';
import { MAX_FAILURES_PER_ACCOUNT } from './auth.service.ts';

const smtp = useTestSmtp();
const t = useTestApp(() => ({ SMTP_URL: smtp.url }));

describe('GET /api/members (current user)', () => {
  it('is 401 for anonymous visitors', async () => {
    const res = await t.request(anonymous, 'GET', '/api/members');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('unauthorized');
    expect(res.headers['x-yardkeep-user']).toBeUndefined();
  });

  it('is 401 for a made-up session cookie', async () => {
    const res = await t.currentMember('yk_session=forged');
    expect(res.statusCode).toBe(401);
  });

  it.each(['client', 'staff', 'admin'] as const)(
    'returns the %s user without secrets',
    async (role) => {
      const session = await t.loginAs(role);
      const res = await t.request(session, 'GET', '/api/members');
      expect(res.statusCode).toBe(200);
      const user = res.json();
      expect(user).toEqual({
        id: session.member!.id,
        email: session.member!.email,
        is_admin: role === 'admin',
        client_id: session.member!.client_id,
        email_verified: true,
      });
      expect(res.body).not.toContain('password');
      // Whose answer it is, for the service worker's per-member cache.
      expect(res.headers['x-yardkeep-user']).toBe(session.member!.id);
    },
  );
});

describe('POST /api/login', () => {
  it('refuses bad input with 400 and a readable message', async () => {
    for (const payload of [
      {},
      { username: 'a@b.co' },
      { username: 42, password: 'x' },
      { username: 'not-an-email', password: 'x' },
    ]) {
      const res = await t.request(anonymous, 'POST', '/api/login', payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBeTruthy();
    }
  });

  it('refuses unknown fields such as is_admin', async () => {
    const member = await t.build.member();
    const res = await t.request(anonymous, 'POST', '/api/login', {
      username: member.email,
      password: member.password,
      is_admin: true,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toContain('is_admin');
  });

  it('refuses __proto__ keys, deep nesting and bodies over the limit', async () => {
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a@b.co","password":"x","__proto__":{"is_admin":true}}',
    });
    expect(proto.statusCode).toBe(400);

    const depth = 10_000;
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"username":"a@b.co","password":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
    });
    expect([400, 413]).toContain(nested.statusCode);
    expect(errorOf(nested).message).toBeTruthy();

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a@b.co', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const member = await t.build.member();
    const wrong = await t.tryLogin(member.email, 'wrong-password');
    const unknown = await t.tryLogin('nobody@example.com', 'wrong-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('signs in case-insensitively and sets an HttpOnly SameSite=Lax cookie', async () => {
    const member = await t.build.member();
    const res = await t.tryLogin(member.email.toUpperCase(), member.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: member.id, email: member.email });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('gives a new session id on every login and replaces the old one', async () => {
    const member = await t.build.member();
    const first = await t.loginWith(member.email, member.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: first },
      payload: { username: member.email, password: member.password },
    });
    const second = sessionCookieOf(res);
    expect(second).not.toBe(first);
    expect((await t.currentMember(first)).statusCode).toBe(401);
    expect((await t.currentMember(second)).statusCode).toBe(200);
  });

  it('answers 429 after repeated wrong passwords for one account, even with the right one', async () => {
    const member = await t.build.member();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      const res = await t.tryLogin(member.email, 'wrong-password');
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.tryLogin(member.email, member.password);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).code).toBe('rate_limited');
  });

  it('answers 429 after repeated failures from one address across accounts', async () => {
    const other = await createTestApp();
    try {
      const guess = (remoteAddress: string, username: string) =>
        other.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress,
          payload: { username, password: 'wrong-password' },
        });
      let last = 0;
      for (let i = 0; i < 21; i++) {
        last = (await guess('203.0.113.9', `guess${i}@example.com`)).statusCode;
      }
      expect(last).toBe(429);
      const elsewhere = await guess('203.0.113.10', 'guess0@example.com');
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('is refused from another origin (CSRF) and allowed from our own', async () => {
    const member = await t.build.member();
    const payload = { username: member.email, password: member.password };
    const loginFrom = (origin: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', headers: { origin }, payload });
    expect((await loginFrom('https://evil.example')).statusCode).toBe(403);
    expect((await loginFrom(TEST_PUBLIC_URL)).statusCode).toBe(200);
  });
});

describe('POST /api/logout', () => {
  it('ends the session so the cookie no longer works', async () => {
    const session = await t.loginAs('staff');
    const res = await t.request(session, 'POST', '/api/logout');
    expect(res.statusCode).toBe(200);
    expect((await t.request(session, 'GET', '/api/members')).statusCode).toBe(401);
  });

  it('is harmless for anonymous visitors', async () => {
    const res = await t.request(anonymous, 'POST', '/api/logout');
    expect(res.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a CSP that allows our own WebAssembly and nothing foreign', async () => {
    const res = await t.request(anonymous, 'GET', '/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("'wasm-unsafe-eval'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('email verification', () => {
  it('rejects a made-up token with 400', async () => {
    const res = await t.request(anonymous, 'POST', '/api/members/email/verify', {
      token: 'made-up',
    });
    expect(res.statusCode).toBe(400);
  });

  it('resend needs a session', async () => {
    const res = await t.request(anonymous, 'POST', '/api/members/email/resend-verification');
    expect(res.statusCode).toBe(401);
  });

  it('verifies through the link of a real email, once', async () => {
    const admin = await t.loginAs('admin');
    const email = 'new.member@example.com';
    const created = await t.request(admin, 'POST', '/api/members', {
      username: email,
      password: 'initial-pass-1',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().email_verified).toBe(false);

    const link = linkIn(await smtp.waitFor(email));
    expect(link.origin).toBe(TEST_PUBLIC_URL);
    expect(link.pathname).toMatch(/^\/verify-email\/[\w-]+$/);
    const token = link.pathname.split('/').pop()!;

    const ok = await t.request(anonymous, 'POST', '/api/members/email/verify', { token });
    expect(ok.statusCode).toBe(200);
    const cookie = await t.loginWith(email, 'initial-pass-1');
    expect((await t.currentMember(cookie)).json().email_verified).toBe(true);

    const reused = await t.request(anonymous, 'POST', '/api/members/email/verify', { token });
    expect(reused.statusCode).toBe(400);
  });

  it('resends the verification email to an unverified member', async () => {
    const admin = await t.loginAs('admin');
    const email = 'resend.me@example.com';
    await t.request(admin, 'POST', '/api/members', { username: email, password: 'initial-pass-1' });
    await smtp.waitFor(email);
    const cookie = await t.loginWith(email, 'initial-pass-1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members/email/resend-verification',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const token = tokenIn(await smtp.waitFor(email));
    expect(
      (await t.request(anonymous, 'POST', '/api/members/email/verify', { token })).statusCode,
    ).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('answers identically for unknown and known emails', async () => {
    const member = await t.build.member();
    const known = await t.request(anonymous, 'POST', '/api/forgot', { username: member.email });
    const unknown = await t.request(anonymous, 'POST', '/api/forgot', {
      username: 'nobody-here@example.com',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    await smtp.waitFor(member.email);
    expect(smtp.messages.some((m) => m.to.includes('nobody-here@example.com'))).toBe(false);
  });

  it('builds the link from PUBLIC_URL, never from a forged Host', async () => {
    const member = await t.build.member();
    await t.app.inject({
      method: 'POST',
      url: '/api/forgot',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      payload: { username: member.email },
    });
    const link = linkIn(await smtp.waitFor(member.email));
    expect(link.origin).toBe(TEST_PUBLIC_URL);
  });

  it('rejects unknown tokens', async () => {
    expect((await t.request(anonymous, 'GET', '/api/reset/made-up')).statusCode).toBe(404);
    const res = await t.request(anonymous, 'POST', '/api/reset/made-up', {
      username: 'a@b.co',
      newPassword: 'long-enough-1',
    });
    expect(res.statusCode).toBe(404);
  });

  it('follows the emailed link, sets the password once, and ends old sessions', async () => {
    const member = await t.build.member();
    const oldCookie = await t.loginWith(member.email, member.password);
    await t.request(anonymous, 'POST', '/api/forgot', { username: member.email });
    const link = linkIn(await smtp.waitFor(member.email));
    expect(link.pathname).toMatch(/^\/reset-password\//);
    const token = link.pathname.split('/').pop()!;

    const info = await t.request(anonymous, 'GET', `/api/reset/${token}`);
    expect(info.json()).toEqual({ email: member.email });

    const short = await t.request(anonymous, 'POST', `/api/reset/${token}`, {
      username: member.email,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    const wrongUser = await t.request(anonymous, 'POST', `/api/reset/${token}`, {
      username: 'other@example.com',
      newPassword: 'brand-new-pass',
    });
    expect(wrongUser.statusCode).toBe(404);

    const ok = await t.request(anonymous, 'POST', `/api/reset/${token}`, {
      username: member.email,
      newPassword: 'brand-new-pass',
    });
    expect(ok.statusCode).toBe(200);
    const newCookie = sessionCookieOf(ok);
    expect((await t.currentMember(newCookie)).statusCode).toBe(200);
    expect((await t.currentMember(oldCookie)).statusCode).toBe(401);

    const reused = await t.request(anonymous, 'POST', `/api/reset/${token}`, {
      username: member.email,
      newPassword: 'another-pass-2',
    });
    expect(reused.statusCode).toBe(404);
    await t.loginWith(member.email, 'brand-new-pass');
  });

  it('rejects an expired token', async () => {
    const member = await t.build.member();
    await t.request(anonymous, 'POST', '/api/forgot', { username: member.email });
    const token = tokenIn(await smtp.waitFor(member.email));
    // Expire it by moving its deadline into the past, as an hour passing would.
    await t.app.db
      .updateTable('tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', member.id)
      .execute();
    expect((await t.request(anonymous, 'GET', `/api/reset/${token}`)).statusCode).toBe(404);
    const res = await t.request(anonymous, 'POST', `/api/reset/${token}`, {
      username: member.email,
      newPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(404);
    await t.loginWith(member.email, member.password);
  });

  it('stores tokens only hashed', async () => {
    const member = await t.build.member();
    await t.request(anonymous, 'POST', '/api/forgot', { username: member.email });
    const token = tokenIn(await smtp.waitFor(member.email));
    const rows = await t.app.db
      .selectFrom('tokens')
      .select('token_hash')
      .where('user_id', '=', member.id)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.token_hash !== token)).toBe(true);
  });
});
