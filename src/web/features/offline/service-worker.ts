// The service worker, built into dist/web/sw.js by scripts/vite/service-worker.ts, which
// puts the build's file list and version in front of it. It is a classic script: no imports.
// Caching rules are in docs/decisions.md ("Offline scanning and idempotency keys").

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
/** Chromium's static routing: requests matching a rule never wake the worker. */
interface InstallEventLike extends ExtendableEventLike {
  addRoutes?(rules: { condition: Record<string, unknown>; source: 'network' }[]): Promise<void>;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEventLike extends ExtendableEventLike {
  data: unknown;
}
interface WorkerScope {
  addEventListener(type: 'install', listener: (e: InstallEventLike) => void): void;
  addEventListener(type: 'activate', listener: (e: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (e: FetchEventLike) => void): void;
  addEventListener(type: 'message', listener: (e: MessageEventLike) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
}

declare const YARDKEEP_PRECACHE: string[];
declare const YARDKEEP_VERSION: string;

const scope = self as unknown as WorkerScope;
const SHELL_CACHE = `yk-shell-${YARDKEEP_VERSION}`;
const META_CACHE = 'yk-meta';
/** API answers live in one cache per member: `yk-api-<user id>`. */
const API_CACHE_PREFIX = 'yk-api-';
const USER_ENTRY = '/__yardkeep/current-user';
/** Set on an API answer served from the phone's copy, so the page can say so. */
const COPY_HEADER = 'X-Yardkeep-Offline-Copy';
/** Set by the server on every API answer to a signed-in member: whose answer it is. */
const USER_HEADER = 'X-Yardkeep-User';
/** API reads that are never worth keeping: documentation and liveness. */
const NOT_KEPT = ['/api/openapi.json', '/api/docs', '/api/health'];

let currentUser: string | null | undefined;

async function readUser(): Promise<string | null> {
  if (currentUser !== undefined) return currentUser;
  const hit = await (await caches.open(META_CACHE)).match(USER_ENTRY);
  currentUser = hit ? (await hit.text()) || null : null;
  return currentUser;
}

async function writeUser(id: string | null): Promise<void> {
  currentUser = id;
  const meta = await caches.open(META_CACHE);
  if (id) await meta.put(USER_ENTRY, new Response(id));
  else await meta.delete(USER_ENTRY);
}

/**
 * Whether an answer says the member served has no session here any more: a 401 (their
 * sessions were ended: a password reset by an admin, signed out elsewhere), or an answer
 * the server gave to another member (someone else signed in on this phone).
 */
function endsMember(user: string, response: Response): boolean {
  if (response.status === 401) return true;
  const answeredFor = response.headers.get(USER_HEADER);
  return answeredFor !== null && answeredFor !== user;
}

/**
 * Forgets a member whose session ended: their copies go at once and nothing more is kept or
 * served until the page says who is signed in. Their queued scans are the page's to handle
 * (docs/decisions.md, "A revoked phone forgets its member").
 */
async function forgetMember(user: string): Promise<void> {
  // Synchronously first: no later request may read the copy while the cache is deleted.
  if (currentUser === user) currentUser = null;
  await caches.delete(API_CACHE_PREFIX + user);
  if (currentUser === null) await writeUser(null);
}

/** Writes are never answered by the worker (see the fetch listener). */
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

async function writesSkipWorker(event: InstallEventLike): Promise<void> {
  try {
    await event.addRoutes?.(
      WRITE_METHODS.map((method) => ({ condition: { requestMethod: method }, source: 'network' })),
    );
  } catch {
    // An older Chromium without this condition: the fetch listener lets writes pass.
  }
}

scope.addEventListener('install', (event) => {
  // Writes go straight to the network without a trip through this worker, where the browser
  // supports it: a sync sends hundreds in a row. Elsewhere the fetch listener lets them pass.
  event.waitUntil(writesSkipWorker(event));
  // Not skipWaiting: a new version waits until the page offers it and the user accepts.
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) =>
        cache.addAll(YARDKEEP_PRECACHE.map((url) => new Request(url, { cache: 'no-cache' }))),
      ),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('yk-shell-') && name !== SHELL_CACHE) await caches.delete(name);
      }
      await scope.clients.claim();
    })(),
  );
});

scope.addEventListener('message', (event) => {
  const data = event.data as { type?: string; id?: string | null } | null;
  if (data?.type === 'skip-waiting') void scope.skipWaiting();
  if (data?.type === 'user') event.waitUntil(writeUser(data.id ?? null).then(keepSignedInMember));
});

/**
 * Keeps the signed-in member's own record, which the app reads first: without it a phone
 * opened offline would think nobody is signed in.
 */
async function keepSignedInMember(): Promise<void> {
  const user = currentUser;
  if (!user) return;
  try {
    const response = await fetch('/api/members', { credentials: 'same-origin' });
    if (endsMember(user, response)) return await forgetMember(user);
    if (response.status !== 200) return;
    const member = (await response.clone().json()) as { id?: string };
    if (member.id === user && response.headers.get(USER_HEADER) === user)
      await (await caches.open(API_CACHE_PREFIX + user)).put('/api/members', response);
  } catch {
    // Offline right now: the copy kept last time stays.
  }
}

scope.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.location.origin) return;
  if (url.pathname.startsWith('/api/')) {
    if (!NOT_KEPT.includes(url.pathname)) event.respondWith(apiAnswer(event, request));
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
    return;
  }
  if (url.pathname.startsWith('/assets/') || YARDKEEP_PRECACHE.includes(url.pathname)) {
    event.respondWith(asset(event, request));
  }
});

/**
 * Pages: the network first, so a deploy is seen at once; without a network, the app shell
 * of this version (whose scripts are all in the same cache).
 */
async function page(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.status < 500) return response;
    return (await caches.match('/index.html', { cacheName: SHELL_CACHE })) ?? response;
  } catch (error) {
    const shell = await caches.match('/index.html', { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

/** Hashed build files never change: the cache first, the network (kept) for any other. */
async function asset(event: FetchEventLike, request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
    const copy = response.clone();
    event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy)));
  }
  return response;
}

/**
 * API reads: the network first; each good answer is kept in the signed-in member's own
 * cache. Without a network, that member's last answer, marked as a copy. Nothing is kept or
 * served when the page has not said who is signed in, and an answer is kept only when the
 * server says it was given to that member. An answer that says the member's session is gone
 * (a 401, or an answer given to another member who signed in on this phone) deletes their
 * copies at once, even before the page says anything: a revoked phone offline shows nothing.
 */
async function apiAnswer(event: FetchEventLike, request: Request): Promise<Response> {
  const user = await readUser();
  const copy = async (): Promise<Response | null> => {
    if (!user) return null;
    const cached = await (await caches.open(API_CACHE_PREFIX + user)).match(request);
    if (!cached) return null;
    const headers = new Headers(cached.headers);
    headers.set(COPY_HEADER, cached.headers.get('Date') ?? 'unknown');
    return new Response(cached.body, { status: cached.status, headers });
  };
  // The page asks for the phone's copy first when it must answer at once (an offline scan).
  if (request.cache === 'force-cache') {
    const cached = await copy();
    if (cached) return cached;
  }
  try {
    const response = await fetch(request);
    if (user && endsMember(user, response)) {
      event.waitUntil(forgetMember(user));
    } else if (user && response.status === 200 && response.headers.get(USER_HEADER) === user) {
      const kept = response.clone();
      event.waitUntil(
        caches.open(API_CACHE_PREFIX + user).then((cache) => cache.put(request, kept)),
      );
    }
    return response;
  } catch (error) {
    // 'no-store': the page needs the live state (syncing a queued scan), never a copy.
    const cached = request.cache === 'no-store' ? null : await copy();
    if (cached) return cached;
    throw error;
  }
}
