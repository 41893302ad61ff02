import { describe, expect, it } from 'vitest';
import { endpoint } from '../../../common/api/contract.ts';
import { okSchema } from '../../../common/schemas/common.ts';
import { route } from '../../http/route.ts';
import { buildMember } from '../../../../test/factories/members.ts';
import { createPersonalToken } from './tokens.service.ts';
import {
  anonymous,
  captureLog,
  createTestApp,
  createTestAppWithRoutes,
  loginWith,
  errorOf,
  injectAs,
  type Session,
  useTestApp,
} from '../../../../test/helpers/app.ts';
import type { CreatedToken } from '../../../common/schemas/api-token.ts';

const t = useTestApp({ API_TOKEN_RATE_LIMIT: '30' });
/** A second app instance on the same database, as behind a load balancer. */
const other = t.secondInstance();
const [staff, admin, client] = t.signIn('staff', 'admin', 'client');

/** A session-like caller that sends only the token. */
const bearer = (token: string): Session => ({
  member: null,
  headers: { authorization: `Bearer ${token}` },
});

/** POSTs a read-write token (unless `body` says otherwise) and expects it created. */
async function createToken(
  session: Session,
  url: string,
  body: Record<string, unknown>,
): Promise<CreatedToken> {
  const res = await t.request(session, 'POST', url, { scope: 'read-write', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const personalToken = (session: Session, body: Record<string, unknown> = {}) =>
  createToken(session, '/api/tokens', { name: 'Script', ...body });
const serviceToken = (body: Record<string, unknown>) =>
  createToken(admin, '/api/service-tokens', { name: 'Integration', ...body });

/** A new member of the role (one the test may change or delete), and their session. */
async function signedInMember(role: 'admin' | 'staff') {
  const member = await t.build.member({ role });
  const session: Session = {
    member,
    headers: { cookie: await t.loginWith(member.email, member.password) },
  };
  return { member, session };
}

describe('API tokens: refused', () => {
  it('a revoked token answers 401 at once, on this instance and on another', async () => {
    const token = await personalToken(staff);
    // Both instances have seen it working (no instance may keep it in memory).
    expect((await t.request(bearer(token.token), 'GET', '/api/members')).statusCode).toBe(200);
    const onOther = await injectAs(other.app, bearer(token.token), {
      method: 'GET',
      url: '/api/members',
    });
    expect(onOther.statusCode).toBe(200);

    expect((await t.request(staff, 'DELETE', `/api/tokens/${token.id}`)).statusCode).toBe(200);
    const here = await t.request(bearer(token.token), 'GET', '/api/members');
    expect(here.statusCode).toBe(401);
    expect(errorOf(here).message).toBe('This API token is invalid, expired or revoked.');
    const there = await injectAs(other.app, bearer(token.token), {
      method: 'GET',
      url: '/api/members',
    });
    expect(there.statusCode).toBe(401);
  });

  it('an expired token answers 401', async () => {
    const token = await personalToken(staff, { expires_in_days: 1 });
    await t.app.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', token.id)
      .execute();
    const res = await t.request(bearer(token.token), 'GET', '/api/inventory/items');
    expect(res.statusCode).toBe(401);
  });

  it('an unknown or malformed token answers 401, even on a public route', async () => {
    for (const value of ['yk_madeup', '']) {
      const res = await t.request(bearer(value), 'GET', '/api/health');
      expect(res.statusCode, value).toBe(401);
    }
  });

  it('a read token that writes gets 403 and changes nothing', async () => {
    const token = await personalToken(staff, { scope: 'read' });
    const items = await t.count('items');
    const res = await t.request(bearer(token.token), 'POST', '/api/inventory/items', {
      name: 'Written by a read token',
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe('This API token may only read (its scope is read).');
    expect(await t.count('items')).toBe(items);
    expect((await t.request(bearer(token.token), 'GET', '/api/inventory/items')).statusCode).toBe(
      200,
    );
  });

  it('a client-user service token is confined to its client', async () => {
    const mine = await t.build.client({ name: 'Token client' });
    const theirs = await t.build.client({ name: 'Other client' });
    const own = await t.build.item({ name: 'Ours', client_id: mine.id });
    const foreign = await t.build.item({ name: 'Theirs', client_id: theirs.id });
    const token = await serviceToken({ role: 'client', client_id: mine.id });
    const caller = bearer(token.token);

    const list = await t.request(caller, 'GET', '/api/inventory/items');
    expect(list.statusCode).toBe(200);
    const ids = (list.json() as { id: string }[]).map((i) => i.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(foreign.id);
    const clients = (await t.request(caller, 'GET', '/api/inventory/clients')).json() as {
      id: string;
    }[];
    expect(clients.map((c) => c.id)).toEqual([mine.id]);
    // A client user writes nothing, whatever the token's scope.
    const write = await t.request(caller, 'PUT', `/api/inventory/items/${own.id}`, { note: 'x' });
    expect(write.statusCode).toBe(403);
    expect((await t.request(caller, 'GET', '/api/activity/1')).statusCode).toBe(403);
  });

  it('a token is refused on the token routes, and lists only itself', async () => {
    const token = await personalToken(admin);
    await personalToken(admin, { name: 'Another of mine' });
    const caller = bearer(token.token);
    const before = await t.count('api_tokens');
    const refused: [string, string, unknown?][] = [
      ['POST', '/api/tokens', { name: 'Minted by a token', scope: 'read' }],
      ['DELETE', `/api/tokens/${token.id}`],
      ['GET', '/api/service-tokens'],
      ['POST', '/api/service-tokens', { name: 'Minted', role: 'staff', scope: 'read' }],
    ];
    for (const [method, url, body] of refused) {
      const res = await t.request(caller, method as 'POST', url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(res).message).toBe(
        'API tokens cannot do this. Sign in to the web app instead.',
      );
    }
    expect(await t.count('api_tokens')).toBe(before);

    const list = await t.request(caller, 'GET', '/api/tokens');
    expect(list.statusCode).toBe(200);
    expect((list.json() as { id: string }[]).map((x) => x.id)).toEqual([token.id]);
  });

  it('a token cannot change its member’s password, sign in or out', async () => {
    const token = await personalToken(staff);
    const caller = bearer(token.token);
    const password = await t.request(caller, 'PUT', '/api/members/password', {
      current_password: staff.member!.password,
      password: 'a brand new password',
    });
    expect(password.statusCode).toBe(403);
    const login = await t.request(caller, 'POST', '/api/login', {
      username: staff.member!.email,
      password: staff.member!.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();
  });

  it('a client user’s read-write token writes nothing', async () => {
    const token = await personalToken(client);
    const res = await t.request(bearer(token.token), 'POST', '/api/inventory/items', {
      name: 'Not by a client',
    });
    expect(res.statusCode).toBe(403);
  });

  it('a token never does more than its member’s role, today', async () => {
    const { member, session } = await signedInMember('admin');
    const token = await personalToken(session);
    expect((await t.request(bearer(token.token), 'GET', '/api/members/list')).statusCode).toBe(200);
    // Staff cannot list members: the token follows its member's role at once.
    await t.app.db.updateTable('users').set({ is_admin: 0 }).where('id', '=', member.id).execute();
    expect((await t.request(bearer(token.token), 'GET', '/api/members/list')).statusCode).toBe(403);
  });

  it('is refused bad input with 400 and creates nothing', async () => {
    const before = await t.count('api_tokens');
    const cases: [Session, string, unknown, string][] = [
      [staff, '/api/tokens', { name: '', scope: 'read' }, 'Name is required'],
      [staff, '/api/tokens', { name: 'x', scope: 'admin' }, 'Scope must be read or read-write'],
      [staff, '/api/tokens', { name: 'x', scope: 'read', expires_in_days: 0 }, 'at least 1 day'],
      [
        staff,
        '/api/tokens',
        { name: 'x', scope: 'read', expires_in_days: null },
        'Only admins can make a token that never expires.',
      ],
      [
        admin,
        '/api/service-tokens',
        { name: 'x', role: 'client', scope: 'read' },
        'needs a client',
      ],
      [
        admin,
        '/api/service-tokens',
        { name: 'x', role: 'admin', scope: 'read' },
        'staff or client',
      ],
      [
        admin,
        '/api/service-tokens',
        { name: 'x', role: 'client', client_id: 'nosuchclient', scope: 'read' },
        'That client does not exist.',
      ],
    ];
    for (const [session, url, body, message] of cases) {
      const res = await t.request(session, 'POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message).toContain(message);
    }
    expect(await t.count('api_tokens')).toBe(before);
  });

  it('service tokens are for admins; members revoke only their own tokens', async () => {
    expect((await t.request(staff, 'GET', '/api/service-tokens')).statusCode).toBe(403);
    expect((await t.request(anonymous, 'GET', '/api/tokens')).statusCode).toBe(401);
    const theirs = await personalToken(admin);
    const res = await t.request(staff, 'DELETE', `/api/tokens/${theirs.id}`);
    expect(res.statusCode).toBe(404);
    expect((await t.request(bearer(theirs.token), 'GET', '/api/members')).statusCode).toBe(200);
    // A personal token is not a service token either.
    expect((await t.request(admin, 'DELETE', `/api/service-tokens/${theirs.id}`)).statusCode).toBe(
      404,
    );
  });

  it('is rate-limited per token (429), from the shared counters', async () => {
    const token = await personalToken(staff);
    const spare = await personalToken(staff);
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const app = i % 2 === 0 ? t.app : other.app;
      last = (await injectAs(app, bearer(token.token), { method: 'GET', url: '/api/members' }))
        .statusCode;
      if (i < 30) expect(last).toBe(200);
    }
    expect(last).toBe(429);
    // Another token of the same member has its own allowance.
    expect((await t.request(bearer(spare.token), 'GET', '/api/members')).statusCode).toBe(200);
  });
});

describe('API tokens: working', () => {
  it('is shown once, stored as a hash, and listed with its use', async () => {
    const token = await personalToken(staff, { name: 'Invoicing' });
    expect(token.token).toMatch(/^yk_[A-Za-z0-9_-]{43}$/);
    expect(token.expires_at).not.toBeNull();
    const days = (Date.parse(token.expires_at!) - Date.parse(token.created_at)) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    const row = await t.row('api_tokens', token.id);
    expect(JSON.stringify(row)).not.toContain(token.token);

    await injectAs(t.app, bearer(token.token), {
      method: 'GET',
      url: '/api/members',
      remoteAddress: '203.0.113.9',
    });
    const list = (await t.request(staff, 'GET', '/api/tokens')).json() as Record<string, unknown>[];
    const listed = list.find((x) => x.id === token.id)!;
    expect(listed).toMatchObject({ name: 'Invoicing', scope: 'read-write', kind: 'personal' });
    expect(listed.last_used_address).toBe('203.0.113.9');
    expect(listed.last_used_at).not.toBeNull();
    expect(listed).not.toHaveProperty('token');
  });

  it('admins may make a token that never expires', async () => {
    const token = await personalToken(admin, { expires_in_days: null });
    expect(token.expires_at).toBeNull();
  });

  it('works on the routes its role allows, without the CSRF check and without cookies', async () => {
    const token = await personalToken(staff);
    const res = await t.request(bearer(token.token), 'POST', '/api/inventory/items', {
      name: 'Made by a script',
    });
    expect(res.statusCode).toBe(201);
    // A write from "another site" with a bearer token: tokens are not ambient credentials.
    const crossSite = await injectAs(t.app, bearer(token.token), {
      method: 'POST',
      url: '/api/inventory/items',
      headers: { origin: 'https://evil.example' },
      payload: { name: 'Cross-site but token' },
    });
    expect(crossSite.statusCode).toBe(201);
    expect(crossSite.headers['set-cookie']).toBeUndefined();
    const logout = await t.request(bearer(token.token), 'POST', '/api/logout');
    expect(logout.headers['set-cookie']).toBeUndefined();
  });

  it('a staff service token acts as staff and never becomes a last scanner', async () => {
    const token = await serviceToken({ role: 'staff' });
    const item = await t.build.item({ name: 'Scanned by a robot' });
    const label = await t.build.label({ item_id: item.id });
    const me = (await t.request(bearer(token.token), 'GET', '/api/members')).json();
    expect(me).toMatchObject({ email: 'Integration (service token)', is_admin: false });
    const scan = await t.request(bearer(token.token), 'POST', `/api/inventory/scan/${label.id}`);
    expect(scan.statusCode).toBe(200);
    expect((await t.row('items', item.id)).last_scanned_by).toBeNull();
    const list = (await t.request(admin, 'GET', '/api/service-tokens')).json() as { id: string }[];
    expect(list.map((x) => x.id)).toContain(token.id);
  });

  it('creation, use from a new address and revocation are in the feed; service tokens for admins only', async () => {
    const personal = await personalToken(staff, { name: 'Feed personal' });
    const service = await serviceToken({ name: 'Feed service', role: 'staff' });
    for (const token of [personal, service]) {
      await injectAs(t.app, bearer(token.token), {
        method: 'GET',
        url: '/api/members',
        remoteAddress: '198.51.100.7',
      });
    }
    await t.request(staff, 'DELETE', `/api/tokens/${personal.id}`);
    await t.request(admin, 'DELETE', `/api/service-tokens/${service.id}`);

    const feed = async (session: Session) =>
      (
        (await t.request(session, 'GET', '/api/activity/1')).json() as {
          type: string;
          action: string;
          reference: { name: string | null };
          detail: string | null;
        }[]
      ).filter((e) => e.type.endsWith('TOKEN') && e.reference.name?.startsWith('Feed'));
    const adminFeed = await feed(admin);
    expect(adminFeed.map((e) => `${e.type} ${e.action} ${e.detail ?? ''}`.trim())).toEqual([
      'SERVICE_TOKEN REVOKE',
      'TOKEN REVOKE',
      'SERVICE_TOKEN USE from 198.51.100.7',
      'TOKEN USE from 198.51.100.7',
      'SERVICE_TOKEN CREATE',
      'TOKEN CREATE',
    ]);
    const staffFeed = await feed(staff);
    expect(staffFeed.map((e) => `${e.type} ${e.action} ${e.detail ?? ''}`.trim())).toEqual([
      'TOKEN REVOKE',
      'TOKEN USE',
      'TOKEN CREATE',
    ]);
  });

  it('a member deleted takes their tokens along', async () => {
    const { member, session } = await signedInMember('staff');
    const token = await personalToken(session);
    expect((await t.request(admin, 'DELETE', `/api/members/id/${member.id}`)).statusCode).toBe(200);
    expect((await t.request(bearer(token.token), 'GET', '/api/members')).statusCode).toBe(401);
  });
});

describe('API tokens in the log', () => {
  it('never writes a token', async () => {
    const log = captureLog();
    const logged = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
    try {
      const member = await logged.app.inject({ method: 'GET', url: '/api/health' });
      expect(member.statusCode).toBe(200);
      const staffMember = await buildMember(logged.app, { role: 'staff' });
      const cookie = await loginWith(logged.app, staffMember.email, staffMember.password);
      const created = await logged.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: { cookie },
        payload: { name: 'Logged', scope: 'read' },
      });
      const secret = (created.json() as CreatedToken).token;
      await logged.app.inject({
        method: 'GET',
        url: '/api/members',
        headers: { authorization: `Bearer ${secret}` },
      });
      await logged.app.inject({
        method: 'GET',
        url: '/api/members',
        headers: { authorization: `Bearer ${secret}x` },
      });
      expect(log.text()).toContain('/api/members');
      expect(log.text()).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});

describe('a bearer request and cookies', () => {
  it('never sets a cookie, even from a route that sets one', async () => {
    const setsCookie = endpoint({
      method: 'GET',
      path: '/test/sets-cookie',
      summary: 'A route that sets a cookie',
      tag: 'test',
      access: 'self',
      response: okSchema,
    });
    const own = await createTestAppWithRoutes((api) =>
      route(api, setsCookie, async ({ reply }) => {
        reply.setCookie('remember', 'me', { path: '/' });
        return { ok: true as const };
      }),
    );
    try {
      const member = await buildMember(own.app, { role: 'staff' });
      const created = await createPersonalToken(
        own.app,
        { ...member, email_verified: true },
        { name: 'Cookie', scope: 'read' },
      );
      const withToken = await own.app.inject({
        method: 'GET',
        url: '/api/test/sets-cookie',
        headers: { authorization: `Bearer ${created.token}` },
      });
      expect(withToken.statusCode).toBe(200);
      expect(withToken.headers['set-cookie']).toBeUndefined();
      const cookie = (
        await own.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: member.email, password: member.password },
        })
      ).headers['set-cookie'] as string[] | string;
      const session = (Array.isArray(cookie) ? cookie[0]! : cookie).split(';')[0]!;
      const withSession = await own.app.inject({
        method: 'GET',
        url: '/api/test/sets-cookie',
        headers: { cookie: session },
      });
      expect(withSession.headers['set-cookie']).toBeDefined();
    } finally {
      await own.close();
    }
  });
});
