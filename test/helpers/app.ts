import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/server/db/schema.ts';
import { buildApp, type BuildOptions } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/connection.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import type { Role } from '../../src/common/permissions.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { buildMember, type BuiltMember } from '../factories/members.ts';
import { bindFactories, type BoundFactories } from '../factories/index.ts';
import { expectRefusedUnchanged } from '../server/role-matrix/snapshot.ts';

export const TEST_PUBLIC_URL = 'http://yardkeep.test';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions extends Omit<BuildOptions, 'database'> {
  /** Adds to the app before it starts (a test's own routes). */
  beforeReady?: (app: FastifyInstance) => Promise<void> | void;
}

/** The real server on a fresh database of the engine under test. */
export async function createTestApp(
  env: Record<string, string> = {},
  { beforeReady, ...options }: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_PUBLIC_URL,
    WEB_DIST: `${database.dataDir}/no-web-build`,
    ...env,
  });
  const app = await buildApp(config, { database: database.handle, ...options });
  try {
    await beforeReady?.(app);
    await app.ready();
  } catch (error) {
    // A test that expects startup to fail still leaves no database behind.
    await app.close().catch(() => {});
    await database.drop();
    throw error;
  }
  return {
    app,
    config,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** A stream to pass as `logStream`, and what the app wrote to it. */
export function captureLog(): { stream: Writable; lines: string[]; text(): string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { stream, lines, text: () => lines.join('') };
}

/**
 * The real server with a test's own contract routes mounted under /api (a handler that
 * breaks its contract on purpose), logging errors to `log`.
 */
export async function createTestAppWithRoutes(
  routes: (api: FastifyInstance) => void,
): Promise<TestApp & { log: ReturnType<typeof captureLog> }> {
  const log = captureLog();
  const t = await createTestApp(
    { LOG_LEVEL: 'error' },
    {
      logStream: log.stream,
      beforeReady: async (app) => {
        await app.register(async (api) => routes(api), { prefix: '/api' });
      },
    },
  );
  return { ...t, log };
}

export interface Session {
  member: BuiltMember | null;
  /** Headers that carry the session cookie; empty for anonymous. */
  headers: Record<string, string>;
}

/** A member of the given role, signed in through the real login route. */
export async function loginAs(app: FastifyInstance, role: Role): Promise<Session> {
  if (role === 'anonymous') return { member: null, headers: {} };
  const member = await buildMember(app, { role });
  const cookie = await loginWith(app, member.email, member.password);
  return { member, headers: { cookie } };
}

export async function loginWith(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<string> {
  const res = await tryLogin(app, email, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return sessionCookieOf(res);
}

export function tryLogin(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/login', payload: { username: email, password } });
}

export function sessionCookieOf(res: LightMyRequestResponse): string {
  const setCookie = res.headers['set-cookie'];
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!first) throw new Error('no session cookie was set');
  return first.split(';')[0]!;
}

/** app.inject with a session's headers merged in. */
export function injectAs(app: FastifyInstance, session: Session, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...session.headers, ...(options.headers ?? {}) } });
}

export function errorOf(res: LightMyRequestResponse): { code: string; message: string } {
  return (res.json() as { error: { code: string; message: string } }).error;
}

/** The visitor without a session. */
export const anonymous: Session = Object.freeze({ member: null, headers: Object.freeze({}) });

type SignedInRole = Exclude<Role, 'anonymous'>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Tables with an `id` primary key. */
type TableWithId = {
  [K in keyof Database]: 'id' extends keyof Database[K] ? K : never;
}[keyof Database];

export interface TestSuite extends TestApp {
  /**
   * A member of each role, created and signed in before this file's (or describe's) tests,
   * in order: `const [staff, client] = t.signIn('staff', 'client')`. Call it where you
   * would call beforeAll: it registers one.
   */
  signIn<R extends SignedInRole[]>(...roles: R): { [K in keyof R]: Session };
  /** A new member of the role, signed in now (signIn registers one for every test). */
  loginAs(role: Role): Promise<Session>;
  /** POST /api/login with these credentials, whatever the answer. */
  tryLogin(email: string, password: string): Promise<LightMyRequestResponse>;
  /** Signs in with these credentials; the session cookie. */
  loginWith(email: string, password: string): Promise<string>;
  /**
   * GET /api/members (the signed-in member) with this session cookie: 200 while the session
   * lives, 401 once it has ended.
   */
  currentMember(cookie: string): Promise<LightMyRequestResponse>;
  /** The factories (test/factories) building into this app: `t.build.item({ name })`. */
  build: BoundFactories;
  /** app.inject with a session's headers merged in. */
  inject(session: Session, options: InjectOptions): Promise<LightMyRequestResponse>;
  /** app.inject as `session`, with an optional JSON payload. */
  request(
    session: Session,
    method: Method,
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** POST /api/inventory/import with a CSV file as the body; `query` without its `?`. */
  importCsv(
    session: Session,
    body: string | Buffer,
    query?: string,
    contentType?: string,
  ): Promise<LightMyRequestResponse>;
  /** `request` with the url prefixed: `const call = t.caller('/api/inventory')`. */
  caller(
    prefix: string,
  ): (
    session: Session,
    method: Method,
    url: string,
    payload?: unknown,
  ) => Promise<LightMyRequestResponse>;
  /**
   * Runs `perform` and expects it refused with `status`, with the database and the uploads
   * exactly as they were before.
   */
  refusedUnchanged<R extends { statusCode: number; body: string }>(
    status: number,
    perform: () => Promise<R>,
  ): Promise<R>;
  /**
   * `caller(prefix)` for a call that must be refused with `status`, changing nothing:
   * `const refused = t.refusedCaller('/api/inventory')`.
   */
  refusedCaller(
    prefix: string,
  ): (
    session: Session,
    method: Method,
    url: string,
    payload: unknown,
    status: number,
  ) => Promise<LightMyRequestResponse>;
  /** The newest activity entry; throws when there is none. */
  lastActivity(): Promise<Selectable<Database['activity']>>;
  /** How many rows the table holds. */
  count(table: keyof Database): Promise<number>;
  /** The stored row with this id; throws when there is none. */
  row<T extends TableWithId>(table: T, id: string): Promise<Selectable<Database[T]>>;
  /**
   * The component counts stored for a manifest (requirements) or an item (item_components),
   * by component id.
   */
  componentCounts(
    table: 'requirements' | 'item_components',
    ownerId: string,
  ): Promise<{ component_id: string; count: number }[]>;
  /**
   * A second app instance on the same database, as behind a load balancer: built before the
   * tests (it registers a beforeAll) and closed after them. `const other = t.secondInstance()`,
   * then `other.app` inside tests.
   */
  secondInstance(options?: Omit<BuildOptions, 'database'>): { readonly app: FastifyInstance };
  /**
   * The stored rows whose columns equal every value of `where` (null: IS NULL), in no set
   * order: `t.rows('activity', { action: 'SCAN', source_id: code })`.
   */
  rows<T extends keyof Database>(
    table: T,
    where: Partial<Selectable<Database[T]>>,
  ): Promise<Selectable<Database[T]>[]>;
  /** The stored row with this id, or undefined. */
  findRow<T extends TableWithId>(
    table: T,
    id: string,
  ): Promise<Selectable<Database[T]> | undefined>;
}

/**
 * The preamble every API test file shares: a fresh app on the engine under test before the
 * tests (beforeAll), closed and its database dropped after them (afterAll). Call it at the top
 * of a file or describe; `t.app` and the other fields exist once the tests run.
 */
export function useTestApp(
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: TestAppOptions = {},
  create: typeof createTestApp = createTestApp,
): TestSuite {
  let built: TestApp | undefined;
  const ready = (): TestApp => {
    if (!built) throw new Error('useTestApp: the app exists only inside tests and hooks');
    return built;
  };
  beforeAll(async () => {
    // A function when the environment exists only once other hooks ran (a mail server's URL).
    built = await create(typeof env === 'function' ? env() : env, options);
  });
  afterAll(async () => built?.close());

  const query = (table: TableWithId, id: string) =>
    // One generic reader for every table with an id; Kysely cannot type a table chosen at
    // run time, so the row type comes from the signature instead.
    ready()
      .app.db.selectFrom(table as 'items')
      .selectAll()
      .where('id', '=', id);
  return {
    get app() {
      return ready().app;
    },
    get config() {
      return ready().config;
    },
    get database() {
      return ready().database;
    },
    close: () => ready().close(),
    signIn(...roles) {
      const sessions = roles.map((role) => new PendingSession(role));
      beforeAll(async () => {
        for (const session of sessions) session.resolve(await loginAs(ready().app, session.role));
      });
      return sessions as never;
    },
    secondInstance(options = {}) {
      let other: FastifyInstance | undefined;
      beforeAll(async () => {
        const { config, database } = ready();
        const handle = openDatabase({
          databaseUrl: database.databaseUrl,
          dataDir: database.dataDir,
        });
        other = await buildApp(config, { ...options, database: handle });
        await other.ready();
      });
      afterAll(async () => other?.close());
      return {
        get app() {
          if (!other) throw new Error('secondInstance: the app exists only inside tests and hooks');
          return other;
        },
      };
    },
    loginAs: (role) => loginAs(ready().app, role),
    tryLogin: (email, password) => tryLogin(ready().app, email, password),
    loginWith: (email, password) => loginWith(ready().app, email, password),
    currentMember: (cookie) =>
      ready().app.inject({ method: 'GET', url: '/api/members', headers: { cookie } }),
    build: bindFactories(() => ready().app),
    inject: (session, options) => injectAs(ready().app, session, options),
    request: (session, method, url, payload) =>
      injectAs(ready().app, session, {
        method,
        url,
        ...(payload !== undefined ? { payload: payload as object } : {}),
      }),
    importCsv: (session, body, query = '', contentType = 'text/csv') =>
      injectAs(ready().app, session, {
        method: 'POST',
        url: `/api/inventory/import${query ? `?${query}` : ''}`,
        headers: { 'content-type': contentType },
        payload: body,
      }),
    caller(prefix) {
      return (session, method, url, payload) =>
        this.request(session, method, prefix + url, payload);
    },
    refusedUnchanged: (status, perform) =>
      expectRefusedUnchanged(ready().app, ready().config.dataDir, status, perform),
    refusedCaller(prefix) {
      const call = this.caller(prefix);
      return (session, method, url, payload, status) =>
        this.refusedUnchanged(status, () => call(session, method, url, payload));
    },
    lastActivity: () =>
      ready()
        .app.db.selectFrom('activity')
        .selectAll()
        .orderBy('seq', 'desc')
        .executeTakeFirstOrThrow(),
    async count(table) {
      const row = await ready()
        .app.db.selectFrom(table as 'items')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    componentCounts: (table, ownerId) =>
      ready()
        .app.db.selectFrom(table)
        .select(['component_id', 'count'])
        .where(table === 'requirements' ? 'manifest_id' : 'item_id', '=', ownerId)
        .orderBy('component_id')
        .execute(),
    async rows(table, where) {
      // As `query` above: the table is chosen at run time, the row type by the signature.
      let select = ready()
        .app.db.selectFrom(table as 'items')
        .selectAll();
      for (const [column, value] of Object.entries(where)) {
        select = select.where(column as 'id', value === null ? 'is' : '=', value as string);
      }
      return (await select.execute()) as never;
    },
    row: (table, id) => query(table, id).executeTakeFirstOrThrow() as never,
    findRow: (table, id) => query(table, id).executeTakeFirst() as never,
  };
}

/** A session that exists once its beforeAll has run; reading it earlier is a mistake. */
class PendingSession implements Session {
  #session: Session | undefined;
  constructor(readonly role: SignedInRole) {}
  resolve(session: Session): void {
    this.#session = session;
  }
  #ready(): Session {
    if (!this.#session) throw new Error(`the ${this.role} session is signed in by beforeAll`);
    return this.#session;
  }
  get member() {
    return this.#ready().member;
  }
  get headers() {
    return this.#ready().headers;
  }
}
