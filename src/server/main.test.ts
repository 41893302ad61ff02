import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../test/helpers/database.ts';

/**
 * The real entry point in its own process: start-up, first admin, graceful shutdown and
 * a restart on the same data. Each start pays for loading the server (a few seconds).
 */

const ADMIN_EMAIL = 'owner@example.com';
const started: ChildProcess[] = [];
const tempDirs: string[] = [];

afterEach(() => {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-main-'));
  tempDirs.push(dir);
  return dir;
}

/** A port nobody listens on right now: main.ts listens on the port its config names. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Server {
  child: ChildProcess;
  port: number;
  base: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function start(dataDir: string, port: number, env: Record<string, string> = {}): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'info',
      ADMIN_EMAIL,
      // Empty means unset: the first admin gets a random password, SQLite is used.
      ADMIN_PASSWORD: '',
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: '',
      ...env,
    },
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
  };
}

async function waitForHealth(server: Server, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited with ${server.child.exitCode}:\n${server.stderr()}`);
    }
    try {
      const res = await fetch(`${server.base}/api/health`);
      return { status: res.status, body: (await res.json()) as unknown };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`no answer from ${server.base} within ${timeoutMs} ms:\n${server.stderr()}`);
}

/** The pino lines main.ts logged. */
function logLines(server: Server): Array<{ level: number; msg: string }> {
  return server
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string });
}

async function login(server: Server, email: string, password: string) {
  return fetch(`${server.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: over ${ms} ms`)), ms),
    ),
  ]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The spawned server opens the database its environment names; on a PostgreSQL run that
// would be the shared server database, not a fresh one. Start-up and shutdown do not
// depend on the engine, and the engine-specific code is covered by the in-process tests.
describe.skipIf(TEST_ENGINE === 'postgres')('main.ts in a real process', () => {
  it('starts, makes the first admin, drains a request on SIGTERM, exits 0, and restarts with its data', async () => {
    const dataDir = tempDir();
    const first = start(dataDir, await freePort());
    expect(await waitForHealth(first)).toEqual({
      status: 200,
      body: { status: 'ok', database: 'sqlite' },
    });

    // The random first password is logged once, as a warning.
    const created = logLines(first).filter((l) => l.msg.includes('Created the first admin'));
    expect(created).toHaveLength(1);
    expect(created[0]!.level).toBe(40);
    const password = /password (\S+) /.exec(created[0]!.msg)?.[1];
    expect(password).toBeDefined();

    const signedIn = await login(first, ADMIN_EMAIL, password!);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const added = await fetch(`${first.base}/api/members`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ username: 'kept@example.com', password: 'kept-password' }),
    });
    expect(added.status).toBe(201);

    // A request in flight: headers and half the body sent, the rest after SIGTERM.
    const body = JSON.stringify({ username: ADMIN_EMAIL, password });
    const socket = net.connect(first.port, '127.0.0.1');
    let response = '';
    socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
    const answered = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    socket.write(
      'POST /api/login HTTP/1.1\r\n' +
        `Host: 127.0.0.1:${first.port}\r\n` +
        'Content-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body.slice(0, 10),
    );
    await sleep(300);

    first.child.kill('SIGTERM');
    await sleep(500);
    expect(first.child.exitCode, 'it must wait for the request in flight').toBeNull();
    await expect(fetch(`${first.base}/api/health`)).rejects.toThrow();

    socket.write(body.slice(10));
    await within(answered, 5000, 'the request in flight was not answered');
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    expect(response).toContain('yk_session=');

    expect(await within(first.exited, 5000, 'no exit after SIGTERM')).toBe(0);
    expect(first.stdout()).toContain('SIGTERM received');

    // Closed cleanly: the write-ahead log was folded back into an intact file.
    const file = path.join(dataDir, 'yardkeep.sqlite');
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const sqlite = new SqliteDatabase(file, { readonly: true });
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      const emails = sqlite.prepare('select email from users order by email').pluck().all();
      expect(emails).toEqual(['kept@example.com', ADMIN_EMAIL]);
    } finally {
      sqlite.close();
    }

    const second = start(dataDir, await freePort());
    expect((await waitForHealth(second)).status).toBe(200);
    expect(second.stdout()).not.toContain('Created the first admin');
    expect((await login(second, ADMIN_EMAIL, password!)).status).toBe(200);
    expect((await login(second, 'kept@example.com', 'kept-password')).status).toBe(200);

    second.child.kill('SIGINT');
    expect(await within(second.exited, 5000, 'no exit after SIGINT')).toBe(0);
  }, 90_000);

  it('refuses to start with a bad configuration, saying why, with exit code 1', async () => {
    const server = start(tempDir(), await freePort(), { ADMIN_EMAIL: 'not-an-email' });
    expect(await within(server.exited, 30_000, 'no exit on a bad configuration')).toBe(1);
    expect(server.stderr()).toContain('Invalid configuration');
    expect(server.stderr()).toContain('ADMIN_EMAIL');
  }, 60_000);
});
