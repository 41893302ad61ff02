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

/** The real server on a fresh database of the engine under test. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'database'> = {},
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
  await app.ready();
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
