import { describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  errorOf,
  sessionCookieOf,
  type TestApp,
  useTestApp,
} from '../../../../test/helpers/app.ts';
import { buildMember } from '../../../../test/factories/members.ts';
import { tokenIn, useTestSmtp } from '../../../../test/helpers/smtp.ts';
import { FORGOT_PASSWORD_MESSAGE } from '../../../common/schemas/member.ts';
import {
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  MAX_RESET_EMAILS_PER_HOUR,
} from './auth.service.ts';
import { purgeExpired } from './purge.ts';
import { loadConfig } from '../../config.ts';
import { hashPassword } from '../../lib/password.ts';

// Counts argon2id hashes while still computing them for real.
vi.mock('../../lib/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/password.ts')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

const smtp = useTestSmtp();
const t = useTestApp(() => ({ SMTP_URL: smtp.url }));

let nextAddress = 1;
/** A fresh documentation-range address, so tests do not share the per-address counter. */
const freshAddress = () => `198.51.100.${nextAddress++}`;

function login(username: string, password: string, remoteAddress = freshAddress()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    payload: { username, password },
  });
}

/** POST /api/reset/:token: sets a new password with an emailed token (or a made-up one). */
function resetPassword(
  token: string,
  username: string,
  newPassword: string,
  remoteAddress = freshAddress(),
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/reset/${token}`,
    remoteAddress,
    payload: { username, newPassword },
  });
}

async function resetTokenFor(email: string): Promise<string> {
  await t.app.inject({
    method: 'POST',
    url: '/api/forgot',
    remoteAddress: freshAddress(),
    payload: { username: email },
  });
  return tokenIn(await smtp.waitFor(email));
}

describe('login rate limit under concurrency', () => {
  it('evaluates at most the limit of guesses for one account in a burst', async () => {
    const member = await t.build.member();
    const attempts = [
      ...Array.from({ length: 39 }, (_, i) => login(member.email, `wrong-${i}`)),
      login(member.email, member.password),
    ];
    const statuses = (await Promise.all(attempts)).map((r) => r.statusCode);
    const evaluated = statuses.filter((s) => s === 401 || s === 200).length;
    expect(evaluated).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect(statuses.filter((s) => s === 429).length).toBe(40 - evaluated);
  });

  it('evaluates at most the limit of guesses from one address in a burst', async () => {
    const address = freshAddress();
    const statuses = (
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          login(`burst-${i}@example.com`, 'wrong-password', address),
        ),
      )
    ).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(MAX_FAILURES_PER_ADDRESS);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  });

  it('does not count successful sign-ins against the address', async () => {
    const address = freshAddress();
    const member = await t.build.member();
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS + 5; i++) {
      expect((await login(member.email, member.password, address)).statusCode).toBe(200);
    }
  });
});

describe('password reset with a token', () => {
  it('checks the token before hashing: a bad token costs no argon2id work', async () => {
    const hashesBefore = vi.mocked(hashPassword).mock.calls.length;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        resetPassword(`made-up-token-${i}`, 'a@b.co', 'long-enough-password'),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(404));
    expect(vi.mocked(hashPassword).mock.calls.length).toBe(hashesBefore);
  });

  it('rate-limits reset attempts per address with 429', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await resetPassword(`made-up-${i}`, 'a@b.co', 'long-enough-password', address);
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(statuses.at(-1)).toBe(429);
  });

  it('invalidates earlier reset tokens once one of them is used', async () => {
    const member = await t.build.member();
    const first = await resetTokenFor(member.email);
    const second = await resetTokenFor(member.email);
    const ok = await resetPassword(second, member.email, 'brand-new-pass-1');
    expect(ok.statusCode).toBe(200);
    const again = await resetPassword(first, member.email, 'attacker-pass-2');
    expect(again.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/reset/${first}` })).statusCode).toBe(
      404,
    );
    await t.loginWith(member.email, 'brand-new-pass-1');
  });

  it('invalidates unused reset tokens when an admin changes the password', async () => {
    const member = await t.build.member();
    const token = await resetTokenFor(member.email);
    const admin = await t.loginAs('admin');
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/members/id/${member.id}`,
      headers: admin.headers,
      payload: { password: 'set-by-admin-1' },
    });
    expect(changed.statusCode).toBe(200);
    const res = await resetPassword(token, member.email, 'attacker-pass-2');
    expect(res.statusCode).toBe(404);
    await t.loginWith(member.email, 'set-by-admin-1');
  });
});

describe('forgot password throttle', () => {
  it('sends at most a few emails per address per hour, answering the same every time', async () => {
    const member = await t.build.member();
    const answers: string[] = [];
    for (let i = 0; i < MAX_RESET_EMAILS_PER_HOUR + 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/forgot',
        remoteAddress: freshAddress(),
        payload: { username: member.email },
      });
      expect(res.statusCode).toBe(200);
      answers.push(res.body);
    }
    expect(new Set(answers)).toEqual(
      new Set([JSON.stringify({ message: FORGOT_PASSWORD_MESSAGE })]),
    );
    for (let i = 0; i < MAX_RESET_EMAILS_PER_HOUR; i++) await smtp.waitFor(member.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.filter((m) => m.to.includes(member.email))).toHaveLength(
      MAX_RESET_EMAILS_PER_HOUR,
    );
    const tokens = await t.rows('tokens', { user_id: member.id, purpose: 'reset' });
    expect(tokens).toHaveLength(MAX_RESET_EMAILS_PER_HOUR);
  });
});

describe('session lifetime and purging', () => {
  it('ends a session 90 days after sign-in even when it is used every day', async () => {
    const member = await t.build.member();
    const cookie = await t.loginWith(member.email, member.password);
    const longAgo = new Date(Date.now() - 91 * 24 * 60 * 60 * 1000).toISOString();
    await t.app.db
      .updateTable('sessions')
      .set({ created_at: longAgo, last_seen_at: new Date().toISOString() })
      .where('user_id', '=', member.id)
      .execute();
    const res = await t.currentMember(cookie);
    expect(res.statusCode).toBe(401);
  });

  it('never moves the expiry past the absolute lifetime', async () => {
    const member = await t.build.member();
    const res = await login(member.email, member.password);
    const cookie = sessionCookieOf(res);
    const created = new Date(Date.now() - 89 * 24 * 60 * 60 * 1000);
    await t.app.db
      .updateTable('sessions')
      .set({ created_at: created.toISOString(), last_seen_at: created.toISOString() })
      .where('user_id', '=', member.id)
      .execute();
    expect((await t.currentMember(cookie)).statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at)).toBeLessThanOrEqual(
      created.getTime() + 90 * 24 * 60 * 60 * 1000,
    );
  });

  it('purges expired sessions, tokens and rate-limit windows, keeping live ones', async () => {
    const member = await t.build.member();
    await t.loginWith(member.email, member.password);
    await resetTokenFor(member.email);
    await login(member.email, 'wrong-password');
    const past = new Date(Date.now() - 1000).toISOString();
    const future = new Date(Date.now() + 60_000).toISOString();
    await t.app.db
      .insertInto('sessions')
      .values({
        id_hash: `expired-${member.id}`,
        user_id: member.id,
        created_at: past,
        last_seen_at: past,
        expires_at: past,
      })
      .execute();
    await t.app.db
      .insertInto('tokens')
      .values({
        token_hash: `expired-${member.id}`,
        user_id: member.id,
        purpose: 'reset',
        created_at: past,
        expires_at: past,
        used_at: null,
      })
      .execute();
    await t.app.db
      .insertInto('rate_limits')
      .values({ key: `expired-${member.id}`, count: 3, window_ends_at: past })
      .execute();

    await purgeExpired(t.app.db, new Date());

    const sessions = await t.app.db
      .selectFrom('sessions')
      .select(['id_hash', 'expires_at'])
      .where('user_id', '=', member.id)
      .execute();
    expect(sessions.length).toBe(1);
    expect(sessions[0]!.expires_at > past).toBe(true);
    const tokens = await t.app.db
      .selectFrom('tokens')
      .select('token_hash')
      .where('user_id', '=', member.id)
      .execute();
    expect(tokens.map((r) => r.token_hash)).not.toContain(`expired-${member.id}`);
    expect(tokens.length).toBe(1);
    const limits = await t.app.db
      .selectFrom('rate_limits')
      .select(['key', 'window_ends_at'])
      .execute();
    expect(limits.map((r) => r.key)).not.toContain(`expired-${member.id}`);
    expect(limits.some((r) => r.key === `login:account:${member.email}`)).toBe(true);
    expect(limits.every((r) => r.window_ends_at > past || r.window_ends_at > future)).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  async function failuresFrom(app: TestApp, forwardedFor: (i: number) => string, count: number) {
    let last = 0;
    for (let i = 0; i < count; i++) {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': forwardedFor(i) },
        payload: { username: `proxy-guess${i}@example.com`, password: 'wrong-password' },
      });
      last = res.statusCode;
    }
    return last;
  }

  it('is off by default: a forged X-Forwarded-For does not escape the address limit', async () => {
    const other = await createTestApp();
    try {
      const last = await failuresFrom(other, (i) => `203.0.113.${i}`, MAX_FAILURES_PER_ADDRESS + 1);
      expect(last).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('when on, one client behind the proxy does not lock the others out', async () => {
    const other = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      expect(await failuresFrom(other, () => '203.0.113.7', MAX_FAILURES_PER_ADDRESS + 1)).toBe(
        429,
      );
      const member = await buildMember(other.app);
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '203.0.113.8' },
        payload: { username: member.email, password: member.password },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('refuses a malformed value at startup', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'sometimes' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describe('errors stay readable', () => {
  it('answers 429 with the rate_limited code', async () => {
    const member = await t.build.member();
    const address = freshAddress();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) await login(member.email, 'nope', address);
    const res = await login(member.email, member.password, address);
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).code).toBe('rate_limited');
  });
});
