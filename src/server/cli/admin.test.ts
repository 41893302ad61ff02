import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loginWith, useTestApp } from '../../../test/helpers/app.ts';
import { TEST_ENGINE } from '../../../test/helpers/database.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { runAdminCommand, USAGE } from './admin.ts';

const t = useTestApp();

/** Runs the command on the test database, capturing what it prints. */
async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminCommand(argv, {
    database: t.database.handle,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function userByEmail(email: string) {
  return t.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

async function userCount(): Promise<number> {
  return (await t.app.db.selectFrom('users').select('id').execute()).length;
}

describe('admin command arguments', () => {
  it.each([
    ['no arguments', [], 'The --email option is required.'],
    ['an unknown option', ['--email', 'a@example.com', '--admin'], "Unknown option '--admin'"],
    ['a stray argument', ['a@example.com'], 'a@example.com'],
    ['--email without a value', ['--email'], '--email'],
    ['an invalid email', ['--email', 'not-an-email'], 'Enter a valid email address'],
    [
      'a short password',
      ['--email', 'a@example.com', '--password', 'short'],
      'Password must be at least 8 characters',
    ],
  ])('refuses %s with the usage text and exit code 1', async (_name, argv, message) => {
    const before = await userCount();
    const res = await run(...argv);
    expect(res.code).toBe(1);
    expect(res.err).toContain(message);
    expect(res.err).toContain(USAGE);
    expect(res.out).toBe('');
    expect(await userCount()).toBe(before);
  });

  it('prints the usage text for --help', async () => {
    const res = await run('--help');
    expect(res).toEqual({ code: 0, out: USAGE, err: '' });
  });
});

describe('admin command', () => {
  it('creates a verified admin with the given password, without echoing it', async () => {
    const res = await run('--email', '  Ops@Example.com ', '--password', 'chosen-pass-1');
    expect(res.code).toBe(0);
    expect(res.out).toBe('Created the admin ops@example.com.');
    expect(res.out).not.toContain('chosen-pass-1');

    const row = await userByEmail('ops@example.com');
    expect(row).toMatchObject({ is_admin: 1, client_id: null });
    expect(row!.email_verified_at).not.toBeNull();
    const activity = await t.app.db
      .selectFrom('activity')
      .selectAll()
      .where('source_id', '=', row!.id)
      .execute();
    expect(activity).toEqual([
      expect.objectContaining({ type: 'MEMBER', action: 'CREATE', user_id: null, email: null }),
    ]);

    const cookie = await t.loginWith('ops@example.com', 'chosen-pass-1');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/members/list',
      headers: { cookie },
    });
    expect(list.statusCode).toBe(200);
  });

  it('generates a password and prints it exactly once', async () => {
    const res = await run('--email', 'random@example.com');
    expect(res.code).toBe(0);
    const password = /^Password: (\S+)$/m.exec(res.out)?.[1];
    expect(password).toMatch(/^[0-9a-z]{16}$/);
    expect(res.out.split(password!)).toHaveLength(2);
    await t.loginWith('random@example.com', password!);

    const again = await run('--email', 'random2@example.com');
    expect(/^Password: (\S+)$/m.exec(again.out)?.[1]).not.toBe(password);
  });

  it('resets a known member: new password, admin, signed out everywhere', async () => {
    const member = await t.build.member({ role: 'client' });
    const oldCookie = await t.loginWith(member.email, member.password);
    const before = await userCount();

    const res = await run('--email', member.email.toUpperCase(), '--password', 'recovered-pass');
    expect(res.code).toBe(0);
    expect(res.out).toBe(
      `${member.email} is now an admin with a new password; their sessions were ended.`,
    );

    expect(await userCount()).toBe(before);
    expect(await userByEmail(member.email)).toMatchObject({
      id: member.id,
      is_admin: 1,
      client_id: null,
    });
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/members',
      headers: { cookie: oldCookie },
    });
    expect(stale.statusCode).toBe(401);
    const oldPassword = await t.tryLogin(member.email, member.password);
    expect(oldPassword.statusCode).toBe(401);

    const cookie = await t.loginWith(member.email, 'recovered-pass');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/members/list',
      headers: { cookie },
    });
    expect(list.statusCode).toBe(200);
    const updates = await t.app.db
      .selectFrom('activity')
      .selectAll()
      .where('source_id', '=', member.id)
      .where('action', '=', 'UPDATE')
      .execute();
    expect(updates).toEqual([expect.objectContaining({ type: 'MEMBER', user_id: null })]);
  });

  it('leaves the database it was given open', async () => {
    await run('--email', 'still-open@example.com', '--password', 'chosen-pass-1');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});

/** Runs a command to its end and collects its output. */
function spawnCommand(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd: process.cwd(), env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// The spawned command opens the database named by its environment; on a PostgreSQL run
// that would be the shared server database rather than this test's own. The in-process
// tests above cover the logic on PostgreSQL; this one proves the real process plumbing.
describe.skipIf(TEST_ENGINE === 'postgres')('npm run admin (a real process)', () => {
  // Two cold starts of npm and tsx: seconds each on a busy machine.
  it('creates the admin in DATA_DIR and exits 1 on bad arguments', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-admin-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    try {
      const bad = await spawnCommand('npm', ['run', '--silent', 'admin', '--', '--bogus'], env);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('Usage: npm run admin');

      const ok = await spawnCommand(
        'npm',
        ['run', '--silent', 'admin', '--', '--email', 'spawned@example.com'],
        env,
      );
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toContain(`SQLite in ${path.join(dataDir, 'yardkeep.sqlite')}`);
      const password = /^Password: (\S+)$/m.exec(ok.stdout)?.[1];
      expect(password).toBeDefined();

      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      const app = await buildApp(config, { database: openDatabase(config) });
      try {
        await loginWith(app, 'spawned@example.com', password!);
      } finally {
        await app.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
