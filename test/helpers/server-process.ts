import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The real entry point (src/server/main.ts) in its own process, for tests of start-up,
 * shutdown and crashes. Each start pays for loading the server (a few seconds).
 * Call `stopAll()` after each test.
 */

const started: ChildProcess[] = [];
const tempDirs: string[] = [];

/** Kills what is still running and removes the temporary folders. */
export function stopAll(): void {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-main-'));
  tempDirs.push(dir);
  return dir;
}

/** A port nobody listens on right now: main.ts listens on the port its config names. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Server {
  child: ChildProcess;
  port: number;
  base: string;
  stdout: () => string;
  stderr: () => string;
  /** The exit code, or null when a signal ended it. */
  exited: Promise<number | null>;
}

/** The first admin `start` names (ADMIN_EMAIL), with the password tests give it. */
export const OWNER = { email: 'owner@example.com', password: 'owner-password' };

/**
 * What `npm start` runs (package.json's start script: its Node flags and scripts/start.mjs),
 * so that memory is measured as users get it. WEB_DIST below names no build, so start.mjs
 * builds nothing.
 */
export function startCommand(root = process.cwd()): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [node, ...args] = pkg.scripts.start.split(/\s+/);
  if (node !== 'node') throw new Error(`npm start runs ${node}, not node`);
  // The script's path as npm runs it from the package's folder, whatever the caller's cwd.
  return args.map((arg) => (arg.startsWith('-') ? arg : path.join(root, arg)));
}

export function start(dataDir: string, port: number, env: Record<string, string> = {}): Server {
  const child = spawn(process.execPath, startCommand(), {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: OWNER.email,
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

export async function waitForHealth(server: Server, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited with ${server.child.exitCode}:\n${server.stderr()}`);
    }
    try {
      const res = await fetch(`${server.base}/api/health`);
      return { status: res.status, body: (await res.json()) as unknown };
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`no answer from ${server.base} within ${timeoutMs} ms:\n${server.stderr()}`);
}

/** `start` on a free port, once its health check answers. */
export async function startHealthy(
  dataDir: string,
  env: Record<string, string> = {},
  timeoutMs?: number,
): Promise<Server> {
  const server = start(dataDir, await freePort(), env);
  await waitForHealth(server, timeoutMs);
  return server;
}

/** The pino lines main.ts logged. */
export function logLines(server: Server): Array<{ level: number; msg: string }> {
  return server
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string });
}

export async function login(server: Server, email: string, password: string) {
  return fetch(`${server.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
}

/** The session cookie of a signed-in member. */
export async function sessionCookie(server: Server, email: string, password: string) {
  const res = await login(server, email, password);
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: over ${ms} ms`)), ms),
    ),
  ]);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
