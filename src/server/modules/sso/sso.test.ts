import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  createTestApp,
  TEST_PUBLIC_URL,
  tryLogin,
  type TestApp,
} from '../../../../test/helpers/app.ts';
import { buildMember } from '../../../../test/factories/members.ts';
import { buildClient } from '../../../../test/factories/clients.ts';
import {
  providerEnv,
  signInAtProvider,
  startOidcProvider,
  type TestProvider,
} from '../../../../test/helpers/oidc.ts';
import { freePort } from '../../../../test/helpers/server-process.ts';
import { loadConfig } from '../../config.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { SSO_ERRORS } from '../../../common/sso.ts';

const CALLBACK = `${TEST_PUBLIC_URL}/sso/callback`;
const ACCOUNTS = {
  'unverified@studio.test': { email_verified: false },
  'lead@studio.test': { groups: ['yard-admins'] },
  'crew@studio.test': { groups: ['yard-crew'] },
};

/** GET /sso/start, then the provider's login form: the callback the browser comes back to. */
async function throughProvider(app: FastifyInstance, login: string, redirect = '/manifests') {
  const start = await app.inject({ method: 'GET', url: `/sso/start?redirect=${redirect}` });
  expect(start.statusCode).toBe(303);
  return signInAtProvider(start.headers.location as string, login);
}

async function callback(app: FastifyInstance, url: URL, cookie?: string) {
  return app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

const sessionCookie = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === SESSION_COOKIE && c.value)?.value;

async function whoAmI(app: FastifyInstance, cookie: string) {
  const me = await app.inject({
    method: 'GET',
    url: '/api/members',
    headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
  });
  return me.json() as { email: string; is_admin: boolean; client_id: string | null };
}

describe('single sign-on (OpenID Connect) against a real provider', () => {
  let provider: TestProvider;
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUris: [CALLBACK], accounts: ACCOUNTS });
    t = await createTestApp({
      ...provider.env,
      OIDC_ROLE_CLAIM: 'groups:yard-admins=admin,yard-crew=staff',
    });
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });

  it('refuses an unknown email without OIDC_AUTO_CREATE, creating nobody', async () => {
    const back = await throughProvider(app, 'stranger@studio.test');
    const res = await callback(app, back);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?sso_error=unknown_member');
    expect(sessionCookie(res)).toBeUndefined();
    const row = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'stranger@studio.test')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('refuses an email the provider has not verified, even of a member', async () => {
    await buildMember(app, { email: 'unverified@studio.test' });
    const res = await callback(app, await throughProvider(app, 'unverified@studio.test'));
    expect(res.headers.location).toBe('/login?sso_error=email_unverified');
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('refuses a wrong state and a replayed code: each sign-in is spent once', async () => {
    await buildMember(app, { email: 'replay@studio.test' });
    const back = await throughProvider(app, 'replay@studio.test');
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-the-state-we-sent');
    const wrong = await callback(app, forged);
    expect(wrong.headers.location).toBe('/login?sso_error=expired');
    expect(sessionCookie(wrong)).toBeUndefined();

    const first = await callback(app, back);
    expect(first.headers.location).toBe('/manifests');
    expect(sessionCookie(first)).toBeTruthy();
    const replayed = await callback(app, back);
    expect(replayed.headers.location).toBe('/login?sso_error=expired');
    expect(sessionCookie(replayed)).toBeUndefined();
  });

  it('signs a member in by verified email, replaces the old session, and opens only app paths', async () => {
    const member = await buildMember(app, { email: 'known@studio.test' });
    const old = await tryLogin(app, member.email, member.password);
    const oldCookie = sessionCookie(old)!;
    const res = await callback(
      app,
      await throughProvider(app, 'KNOWN@studio.test', 'https://evil.example/'),
      `${SESSION_COOKIE}=${oldCookie}`,
    );
    expect(res.headers.location).toBe('/');
    const cookie = sessionCookie(res)!;
    expect(cookie).not.toBe(oldCookie);
    expect((await whoAmI(app, cookie)).email).toBe('known@studio.test');
    const stale = await app.inject({
      method: 'GET',
      url: '/api/members',
      headers: { cookie: `${SESSION_COOKIE}=${oldCookie}` },
    });
    expect(stale.statusCode).toBe(401);
  });

  it('maps the role claim: a staff member in yard-admins becomes admin, and back', async () => {
    await buildMember(app, { email: 'lead@studio.test', role: 'staff' });
    const lead = sessionCookie(
      await callback(app, await throughProvider(app, 'lead@studio.test')),
    )!;
    expect((await whoAmI(app, lead)).is_admin).toBe(true);
    await buildMember(app, { email: 'crew@studio.test', role: 'admin' });
    const crew = sessionCookie(
      await callback(app, await throughProvider(app, 'crew@studio.test')),
    )!;
    expect((await whoAmI(app, crew)).is_admin).toBe(false);
  });

  it('publishes the button and the password rule in /api/config', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({
      sso: { name: 'Studio ID', start_url: '/sso/start' },
      password_login: 'on',
    });
  });
});

describe('single sign-on: auto-create and password rules', () => {
  let provider: TestProvider;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUris: [CALLBACK], accounts: ACCOUNTS });
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await provider?.stop();
  });
  const appWith = async (env: Record<string, string>) => {
    const t = await createTestApp({ ...provider.env, ...env });
    apps.push(t);
    return t.app;
  };

  it('OIDC_AUTO_CREATE=staff creates a verified staff member, admin when the claim says so', async () => {
    const app = await appWith({
      OIDC_AUTO_CREATE: 'staff',
      OIDC_ROLE_CLAIM: 'groups:yard-admins=admin',
    });
    const crew = sessionCookie(await callback(app, await throughProvider(app, 'new@studio.test')))!;
    expect(await whoAmI(app, crew)).toMatchObject({
      email: 'new@studio.test',
      is_admin: false,
      client_id: null,
    });
    const lead = sessionCookie(
      await callback(app, await throughProvider(app, 'lead@studio.test')),
    )!;
    expect((await whoAmI(app, lead)).is_admin).toBe(true);
  });

  it('OIDC_AUTO_CREATE=client:<name> creates a client user of that client, never an admin', async () => {
    const app = await appWith({
      OIDC_AUTO_CREATE: 'client:Harbour Festival',
      OIDC_ROLE_CLAIM: 'groups:yard-admins=admin',
    });
    const client = await buildClient(app, { name: 'Harbour Festival' });
    const cookie = sessionCookie(
      await callback(app, await throughProvider(app, 'lead@studio.test')),
    )!;
    expect(await whoAmI(app, cookie)).toMatchObject({ is_admin: false, client_id: client.id });
  });

  it('PASSWORD_LOGIN=admins refuses staff passwords like a wrong one, and admits admins', async () => {
    const app = await appWith({ PASSWORD_LOGIN: 'admins' });
    const staff = await buildMember(app, { role: 'staff' });
    const admin = await buildMember(app, { role: 'admin' });
    const refused = await tryLogin(app, staff.email, staff.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe('Wrong email or password.');
    expect((await tryLogin(app, admin.email, admin.password)).statusCode).toBe(200);
  });

  it('PASSWORD_LOGIN=off leaves only the break-glass admin (ADMIN_EMAIL)', async () => {
    const app = await appWith({ PASSWORD_LOGIN: 'off', ADMIN_EMAIL: 'glass@studio.test' });
    const admin = await buildMember(app, { role: 'admin' });
    const glass = await buildMember(app, { role: 'admin', email: 'glass@studio.test' });
    expect((await tryLogin(app, admin.email, admin.password)).statusCode).toBe(401);
    expect((await tryLogin(app, glass.email, glass.password)).statusCode).toBe(200);
    const config = await app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().password_login).toBe('off');
  });

  it('refuses to start with PASSWORD_LOGIN off but no provider, or half a provider', () => {
    expect(() => loadConfig({ PASSWORD_LOGIN: 'off' })).toThrow(/needs single sign-on/);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example' })).toThrow(/together/);
    expect(() =>
      loadConfig({ ...providerEnv('https://id.example'), OIDC_AUTO_CREATE: 'admin' }),
    ).toThrow(/OIDC_AUTO_CREATE/);
  });
});

describe('single sign-on: a provider that is down or wrong', () => {
  const apps: TestApp[] = [];
  const providers: TestProvider[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
    for (const p of providers) await p.stop();
  });

  it('a provider nobody answers for: back to the sign-in page with a clear reason', async () => {
    const t = await createTestApp(providerEnv(`http://127.0.0.1:${await freePort()}`));
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/sso/start' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?sso_error=provider');
    expect(SSO_ERRORS.provider).toMatch(/could not be reached/);
    expect(await t.app.db.selectFrom('sso_logins').selectAll().execute()).toEqual([]);
  });

  it('refuses an ID token that has expired (a provider whose clock is two hours behind)', async () => {
    const provider = await startOidcProvider({
      redirectUris: [CALLBACK],
      clockOffsetS: -2 * 3600,
    });
    providers.push(provider);
    const t = await createTestApp(provider.env);
    apps.push(t);
    await buildMember(t.app, { email: 'late@studio.test' });
    const res = await callback(t.app, await throughProvider(t.app, 'late@studio.test'));
    expect(res.headers.location).toBe('/login?sso_error=provider');
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('a provider that goes down between start and callback', async () => {
    const provider = await startOidcProvider({ redirectUris: [CALLBACK] });
    providers.push(provider);
    const t = await createTestApp(provider.env);
    apps.push(t);
    await buildMember(t.app, { email: 'gone@studio.test' });
    const back = await throughProvider(t.app, 'gone@studio.test');
    await provider.stop();
    const res = await callback(t.app, back);
    expect(res.headers.location).toBe('/login?sso_error=provider');
  });
});
