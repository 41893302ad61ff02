import { describe, expect, it } from 'vitest';
import { errorOf, sessionCookieOf, useTestApp } from '../../../../test/helpers/app.ts';
import { MAX_FAILURES_PER_ACCOUNT } from '../auth/auth.service.ts';
import { issueToken } from '../auth/auth.service.ts';

const t = useTestApp();

const change = (cookie: string | undefined, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/members/password',
    headers: cookie ? { cookie } : {},
    payload,
  });

describe('PUT /api/members/password (own password)', () => {
  it('is 401 for anonymous visitors', async () => {
    const res = await change(undefined, { current_password: 'x', password: 'long-enough-1' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const member = await t.build.member();
    const cookie = await t.loginWith(member.email, member.password);
    for (const payload of [
      {},
      { password: 'long-enough-1' },
      { current_password: member.password, password: 'short' },
      { current_password: member.password, password: 'long-enough-1', is_admin: true },
    ]) {
      const res = await change(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    await t.loginWith(member.email, member.password);
  });

  it('refuses a wrong current password with 400, keeping the session and the password', async () => {
    const member = await t.build.member();
    const cookie = await t.loginWith(member.email, member.password);
    const res = await change(cookie, {
      current_password: 'not-it-at-all',
      password: 'new-pass-123',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({
      code: 'wrong_password',
      message: 'The current password is wrong.',
    });
    expect((await t.currentMember(cookie)).statusCode).toBe(200);
    await t.loginWith(member.email, member.password);
  });

  it('limits guesses of the current password like logins (429)', async () => {
    const member = await t.build.member();
    const cookie = await t.loginWith(member.email, member.password);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      await change(cookie, { current_password: `guess-${i}-wrong`, password: 'new-pass-123' });
    }
    const res = await change(cookie, {
      current_password: member.password,
      password: 'new-pass-123',
    });
    expect(res.statusCode).toBe(429);
  });

  it.each(['client', 'staff', 'admin'] as const)(
    'lets a %s change their own password: other sessions and reset links end, this device stays signed in',
    async (role) => {
      const member = await t.build.member({ role });
      const other = await t.loginWith(member.email, member.password);
      const cookie = await t.loginWith(member.email, member.password);
      const resetToken = await issueToken(t.app, member.id, 'reset');

      const res = await change(cookie, {
        current_password: member.password,
        password: 'my-new-password-1',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: member.id, email: member.email });
      const fresh = sessionCookieOf(res);
      expect(fresh).not.toBe(cookie);
      for (const old of [other, cookie]) {
        expect((await t.currentMember(old)).statusCode).toBe(401);
      }
      expect((await t.currentMember(fresh)).statusCode).toBe(200);
      const reset = await t.app.inject({ method: 'GET', url: `/api/reset/${resetToken}` });
      expect(reset.statusCode).toBe(404);

      const oldLogin = await t.tryLogin(member.email, member.password);
      expect(oldLogin.statusCode).toBe(401);
      await t.loginWith(member.email, 'my-new-password-1');

      const entry = await t.app.db
        .selectFrom('activity')
        .selectAll()
        .where('type', '=', 'MEMBER')
        .where('action', '=', 'UPDATE')
        .where('source_id', '=', member.id)
        .executeTakeFirst();
      expect(entry?.email).toBe(member.email);
    },
  );
});
