import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../test/helpers/database.ts';
import { readBackup } from './backup/read-backup.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { hashPassword } from './lib/password.ts';
import {
  freePort,
  login,
  logLines,
  OWNER,
  sleep,
  start,
  startHealthy,
  stopAll,
  tempDir,
  waitForHealth,
  within,
} from '../../test/helpers/server-process.ts';

/**
 * The real entry point in its own process: start-up, first admin, graceful shutdown and
 * a restart on the same data. Each start pays for loading the server (a few seconds).
 */

afterEach(stopAll);

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

    const signedIn = await login(first, OWNER.email, password!);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const added = await fetch(`${first.base}/api/members`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ username: 'kept@example.com', password: 'kept-password' }),
    });
    expect(added.status).toBe(201);

    // A request in flight: headers and half the body sent, the rest after SIGTERM.
    const body = JSON.stringify({ username: OWNER.email, password });
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
    // New work is refused: with a 503 while the accept queue drains, then at the door.
    const late = await fetch(`${first.base}/api/health`).then(
      (res) => res.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);

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
      expect(emails).toEqual(['kept@example.com', OWNER.email]);
    } finally {
      sqlite.close();
    }

    const second = start(dataDir, await freePort());
    expect((await waitForHealth(second)).status).toBe(200);
    expect(second.stdout()).not.toContain('Created the first admin');
    expect((await login(second, OWNER.email, password!)).status).toBe(200);
    expect((await login(second, 'kept@example.com', 'kept-password')).status).toBe(200);

    second.child.kill('SIGINT');
    expect(await within(second.exited, 5000, 'no exit after SIGINT')).toBe(0);
  }, 90_000);

  it('backs up an existing database before migrating it, and says where', async () => {
    const dataDir = tempDir();
    const old = openDatabase({ databaseUrl: undefined, dataDir });
    await migrateToLatest(old, new Set(['001_initial']));
    // The admin as the first release stored it (today's code writes columns 001 lacks).
    const now = new Date().toISOString();
    await old.db
      .insertInto('users')
      .values({
        id: 'admin0000001',
        email: OWNER.email,
        password_hash: await hashPassword(OWNER.password),
        is_admin: 1,
        client_id: null,
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      } as never)
      .execute();
    await old.db.destroy();

    const server = await startHealthy(dataDir);
    const said = logLines(server).find((l) => l.msg.startsWith('Backed up the database into'));
    const folder = /into (\S+) before migrating/.exec(said?.msg ?? '')?.[1];
    expect(folder, server.stdout()).toMatch(/backups\/.+-before-002_item_search$/);
    const manifest = await readBackup(folder!);
    expect(manifest.migrations).toEqual(['001_initial']);
    expect(manifest.tables.find((t) => t.name === 'users')?.rows).toBe(1);
    expect((await login(server, OWNER.email, OWNER.password)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await within(server.exited, 10_000, 'no exit after SIGTERM')).toBe(0);
  }, 60_000);

  it('refuses to start with a bad configuration, saying why, with exit code 1', async () => {
    const server = start(tempDir(), await freePort(), { ADMIN_EMAIL: 'not-an-email' });
    expect(await within(server.exited, 30_000, 'no exit on a bad configuration')).toBe(1);
    expect(server.stderr()).toContain('Invalid configuration');
    expect(server.stderr()).toContain('ADMIN_EMAIL');
  }, 60_000);

  it('says at start where files are stored, or why the store cannot be used, and keeps serving', async () => {
    const dataDir = tempDir();
    const local = await startHealthy(dataDir);
    expect(logLines(local).map((l) => l.msg)).toContain(
      `Files are stored in ${path.join(dataDir, 'uploads')}.`,
    );
    const dead = `http://127.0.0.1:${await freePort()}`;
    const server = await startHealthy(tempDir(), {
      STORAGE_URL: `s3://photos/yard?endpoint=${dead}&force_path_style=true`,
      AWS_ACCESS_KEY_ID: 'testing',
      AWS_SECRET_ACCESS_KEY: 'testing',
    });
    expect(logLines(server).map((l) => l.msg)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^The file store s3://photos/yard/ at ${dead} cannot be used: it cannot be reached`,
        ),
      ),
    );
  }, 90_000);
});
