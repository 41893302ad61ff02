import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DbHandle } from '../db/connection.ts';
import { hashSecret, newSecret } from '../lib/secrets.ts';
import { nowIso } from '../lib/ids.ts';
import { sessionRepo, type SessionWithUser } from '../modules/auth/session.repo.ts';
import { toCurrentUser } from '../modules/members/members.repo.ts';
import { authenticateBearer, bearerSecretOf } from '../modules/tokens/bearer.ts';
import { SessionCache } from './session-cache.ts';
import { SessionListener } from './session-listener.ts';

export const SESSION_COOKIE = 'yk_session';
/** The signed-in member's id on each of their API answers. */
export const USER_HEADER = 'X-Yardkeep-User';
/** A session ends after two weeks without use. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** ... and 90 days after sign-in however much it is used: a stolen cookie does not live forever. */
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

/** The expiry a session gets when used at `now`: idle limit, capped by the absolute one. */
export function sessionExpiry(createdAtMs: number, now: number): string {
  return new Date(Math.min(now + SESSION_IDLE_MS, createdAtMs + SESSION_MAX_AGE_MS)).toISOString();
}
/** Refreshing last_seen on every request would turn each read into a write. */
const TOUCH_EVERY_MS = 60 * 1000;

/**
 * Loads the signed-in user, if any, for every API request, and for `/scan/…`, whose
 * redirect records the scan with the scanner's email (docs/decisions.md, "Scans").
 */
export function registerSessions(
  app: FastifyInstance,
  database: DbHandle,
  options: { listenerRetryMs?: number } = {},
): void {
  openSessionCache(app, database, options.listenerRetryMs);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionHash', null);
  app.decorateRequest('apiToken', null);

  app.addHook('onRequest', async (req, reply) => {
    req.user = null;
    req.sessionHash = null;
    req.apiToken = null;
    if (!req.url.startsWith('/api/') && !req.url.startsWith('/scan/')) return;
    // A bearer request is the token's alone: any cookie it also carries is ignored, and a
    // bad token is a 401 even on public routes, so an integration learns it at once.
    const bearer = req.url.startsWith('/api/') ? bearerSecretOf(req) : null;
    if (bearer !== null) {
      const { user, token } = await authenticateBearer(app, bearer, req.ip);
      req.user = user;
      req.apiToken = token;
      return;
    }
    const cookie = req.cookies[SESSION_COOKIE];
    if (!cookie) return;
    const idHash = hashSecret(cookie);
    const now = Date.now();
    const session = await findSession(app, idHash, now);
    if (!session) return;
    const createdAt = Date.parse(session.created_at);
    if (Date.parse(session.expires_at) <= now || createdAt + SESSION_MAX_AGE_MS <= now) return;
    if (now - Date.parse(session.last_seen_at) > TOUCH_EVERY_MS) {
      const [lastSeenAt, expiresAt] = [nowIso(), sessionExpiry(createdAt, now)];
      await sessionRepo.touch(app.db, idHash, lastSeenAt, expiresAt);
      app.sessionCache.touched(idHash, lastSeenAt, expiresAt);
    }
    req.sessionHash = idHash;
    req.user = toCurrentUser({ ...session, id: session.user_id });
    // Whose answer this is: the service worker keeps API answers per member and checks this
    // (docs/decisions.md, "Offline scanning and idempotency keys").
    if (req.url.startsWith('/api/')) reply.header(USER_HEADER, session.user_id);
  });

  // A bearer request never gets a cookie, whatever its route does (sign-in, sign-out).
  // Callback form: it waits for nothing (plugins/security.ts says why).
  app.addHook('onSend', (req, reply, payload, done) => {
    if (bearerSecretOf(req) !== null) reply.removeHeader('set-cookie');
    done(null, payload);
  });
}

/**
 * The session cache of this instance, told of every change: this process's own writes at
 * once (db/session-writes.ts), other instances' through PostgreSQL notices (migration
 * 027), other SQLite connections' through data_version. On PostgreSQL it is on only while
 * its listening connection is.
 */
function openSessionCache(app: FastifyInstance, database: DbHandle, retryMs?: number): void {
  const postgres = database.dialect === 'postgres' && database.databaseUrl !== undefined;
  const cache = new SessionCache({ on: !postgres, otherWrites: database.dataVersion });
  const stopHearing = database.sessionWrites?.onWrite(() => cache.clear());
  const listener = postgres
    ? new SessionListener(database.databaseUrl!, cache, app.log, retryMs)
    : null;
  app.decorate('sessionCache', cache);
  app.decorate('sessionListener', listener);
  app.addHook('onReady', async () => listener?.firstAttempt);
  app.addHook('onClose', async () => {
    stopHearing?.();
    await listener?.close();
  });
}

/** The session and its member: from the cache when it holds them, else from the database. */
async function findSession(
  app: FastifyInstance,
  idHash: string,
  now: number,
): Promise<SessionWithUser | undefined> {
  const cached = app.sessionCache.get(idHash, now);
  if (cached) return cached;
  const ticket = app.sessionCache.ticket();
  const found = await sessionRepo.findWithUser(app.db, idHash);
  if (found) app.sessionCache.put(idHash, found, ticket, now);
  return found;
}

/**
 * For a route that ended or changed sessions or members, once that has committed: waits
 * until every instance has heard it (SessionListener.barrier), so none answers the
 * client's next request from its cache. Nothing to wait for on SQLite (one process).
 * Never inside an idempotent route's one transaction (db/one-transaction.ts): the barrier
 * would commit with it, after the wait; none of these routes takes an Idempotency-Key.
 */
export async function untilEveryInstanceHeard(app: FastifyInstance): Promise<void> {
  await app.sessionListener?.barrier(app.db);
}

/**
 * Starts a fresh session (a new id on every sign-in) and sets its cookie. Every caller has
 * just ended sessions or changed the member (the one it replaces, all of theirs after a
 * password change, a role from single sign-on): the other instances hear that first.
 */
export async function startSession(
  app: FastifyInstance,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  await untilEveryInstanceHeard(app);
  const secret = newSecret();
  const now = Date.now();
  await sessionRepo.create(app.db, {
    id_hash: hashSecret(secret),
    user_id: userId,
    now: new Date(now).toISOString(),
    expires_at: sessionExpiry(now, now),
  });
  reply.setCookie(SESSION_COOKIE, secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.secureCookies,
    maxAge: SESSION_IDLE_MS / 1000,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.secureCookies,
  });
}
