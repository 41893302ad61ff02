import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import type { Role } from '../../src/common/permissions.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { buildMember, type BuiltMember } from '../factories/members.ts';

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
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return sessionCookieOf(res);
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
