import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/database.ts';
import {
  freePort,
  logLines,
  type Server,
  sleep,
  start,
  stopAll,
  tempDir,
  waitForHealth,
} from '../helpers/server-process.ts';
import { startNginx, type Nginx, UPSTREAM_HEADER } from '../helpers/nginx.ts';
import { type HttpAnswer, type HttpRequest, request } from '../helpers/http-client.ts';
import { pngImage } from '../fixtures/images.ts';
import { useS3Server } from '../helpers/s3-server.ts';
import { newId } from '../../src/server/lib/ids.ts';
import { isStored, keyFromSrc, UPLOADS_DIR } from '../../src/server/lib/storage.ts';
import { MAX_FAILURES_PER_ADDRESS } from '../../src/server/modules/auth/auth.service.ts';
import { PURGE_LOG_MESSAGE } from '../../src/server/modules/auth/purge.ts';

/**
 * Two real app processes on one PostgreSQL database and one file storage, behind a real
 * nginx running deploy/nginx.conf (README, "Running on several machines"). Everything goes
 * through the proxy, which deals requests round robin; the test's nginx adds a header naming
 * the instance that answered, so each test shows the work crossed instances.
 */

const OWNER = { email: 'owner@example.com', password: 'owner-password-1' };
/** Clients as nginx sees them: loopback addresses other than its own 127.0.0.1. */
const GUESSER = '127.0.0.2';
const NEIGHBOUR = '127.0.0.3';
/** Everyone else's requests; never 127.0.0.1, the address nginx itself connects from. */
const USER = '127.0.0.4';

/**
 * The file storage both instances share, and the one place that says so: one bucket of a
 * real S3 protocol server (moto_server), as the README's recipe has it. Each instance keeps
 * its own DATA_DIR, so nothing reaches the other instance through a shared disk.
 */
let bucket: { name: string; env: Record<string, string> };

let database: TestDatabase;
let instances: Server[] = [];
let dataDirs: string[] = [];
let nginx: Nginx;
let ownerCookie: string;

const viaProxy = (path: string, req: HttpRequest = {}) =>
  request(nginx.base, path, { from: USER, ...req });
/**
 * Which instance answered: its index in `instances`, or -1 (nginx itself). After a failed
 * try nginx lists every instance it tried ("a, b"): the last one answered.
 */
const servedBy = (res: HttpAnswer) => {
  const last = String(res.headers[UPSTREAM_HEADER]).split(', ').at(-1);
  return instances.findIndex((s) => last === `127.0.0.1:${s.port}`);
};

async function signIn(from = USER): Promise<{ cookie: string; res: HttpAnswer }> {
  const res = await viaProxy('/api/login', {
    body: { username: OWNER.email, password: OWNER.password },
    from,
  });
  expect(res.status, res.body.toString()).toBe(200);
  const cookie = String(res.headers['set-cookie']?.[0]).split(';')[0]!;
  return { cookie, res };
}

/** Sends a read until the given instance answers it (round robin: the next one or two). */
async function readFrom(instance: number, path: string, req: HttpRequest = {}) {
  for (let attempt = 0; attempt < 6; attempt++) {
    const res = await viaProxy(path, req);
    if (servedBy(res) === instance) return res;
  }
  throw new Error(`instance ${instance} never answered ${path} through the proxy`);
}

const onPostgres = TEST_ENGINE === 'postgres';

describe.skipIf(!onPostgres)(
  'two instances behind nginx (PostgreSQL only: instances on several machines share a PostgreSQL server, never a SQLite file)',
  { timeout: 90_000 },
  () => {
    const s3 = useS3Server();
    beforeAll(async () => {
      const name = await s3.server.newBucket();
      bucket = { name, env: s3.server.env(name) };
      // Not migrated: both instances start together on the empty database, as a first
      // deployment would, and race to migrate it and make the first admin.
      database = await createTestDatabase({ migrate: false });
      const ports = [await freePort(), await freePort()];
      dataDirs = ports.map(() => tempDir());
      instances = ports.map((port, i) =>
        start(dataDirs[i]!, port, {
          ...bucket.env,
          DATABASE_URL: database.databaseUrl!,
          ADMIN_EMAIL: OWNER.email,
          ADMIN_PASSWORD: OWNER.password,
          TRUST_PROXY: '1',
        }),
      );
      await Promise.all(instances.map((s) => waitForHealth(s, 60_000)));
      nginx = await startNginx(await freePort(), ports);
      ownerCookie = (await signIn()).cookie;
    }, 120_000);

    afterAll(async () => {
      await nginx?.stop();
      stopAll();
      await database?.drop();
    });

    it('keeps a session made on one instance on the other, for reads and writes', async () => {
      const anonymous = await viaProxy('/api/members');
      expect(anonymous.status).toBe(401);

      const { cookie, res: login } = await signIn();
      const other = 1 - servedBy(login);
      const me = await readFrom(other, '/api/members', { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(me.json<{ email: string }>().email).toBe(OWNER.email);

      const writes = [];
      for (let i = 0; i < 4; i++) {
        writes.push(
          await viaProxy('/api/inventory/items', {
            body: { name: `Session item ${i}` },
            headers: { cookie },
          }),
        );
      }
      expect(writes.map((w) => w.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(writes.map(servedBy))).toEqual(new Set([0, 1]));
    });

    it('refuses a session at one instance as soon as it was signed out through the other', async () => {
      const { cookie } = await signIn();
      // Both instances have read the session, so both hold it in their session caches; the
      // sign-out answers once both have heard of it (docs/decisions.md, "The session cache").
      for (const instance of [0, 1]) {
        expect((await readFrom(instance, '/api/members', { headers: { cookie } })).status).toBe(
          200,
        );
      }
      const out = await viaProxy('/api/logout', { method: 'POST', headers: { cookie } });
      expect(out.status).toBe(200);
      const other = await readFrom(1 - servedBy(out), '/api/members', { headers: { cookie } });
      expect(other.status).toBe(401);
    });

    it('reads an image through one instance that was uploaded through the other', async () => {
      for (const instance of instances) {
        expect(logLines(instance).map((line) => line.msg)).toContain(
          `Files are stored in s3://${bucket.name}/ at ${s3.server.endpoint}.`,
        );
      }
      const png = await pngImage();
      const refused = await viaProxy('/api/upload/photo.png', {
        body: png,
        headers: { 'content-type': 'image/png' },
      });
      expect(refused.status).toBe(401);

      const upload = await viaProxy('/api/upload/photo.png', {
        body: png,
        headers: { 'content-type': 'image/png', cookie: ownerCookie },
      });
      expect(upload.status, upload.body.toString()).toBe(201);
      const { url, thumbnail_url } = upload.json<{ url: string; thumbnail_url: string }>();
      const other = 1 - servedBy(upload);
      for (const file of [url, thumbnail_url]) {
        const fromOther = await readFrom(other, file);
        const fromUploader = await readFrom(1 - other, file);
        expect(fromOther.status).toBe(200);
        expect(fromOther.headers['content-type']).toMatch(/^image\/(png|webp)$/);
        expect(fromOther.body.length).toBeGreaterThan(0);
        expect(fromOther.body.equals(fromUploader.body)).toBe(true);
        // In the one bucket, and on neither instance's own disk.
        const key = keyFromSrc(file)!;
        expect(await isStored(s3.server.storage(bucket.name), key)).toBe(true);
        for (const dir of dataDirs) {
          expect(fs.existsSync(path.join(dir, UPLOADS_DIR, key))).toBe(false);
        }
      }
    });

    it('applies a request replayed with its Idempotency-Key at the other instance once', async () => {
      const key = newId();
      const send = () =>
        viaProxy('/api/inventory/items', {
          body: { name: 'Sent twice' },
          headers: { cookie: ownerCookie, 'idempotency-key': key },
        });
      const first = await send();
      expect(first.status).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      let again = await send();
      // Round robin sends it to the other instance; should it not, the third copy goes there.
      if (servedBy(again) === servedBy(first)) again = await send();
      expect(servedBy(again)).toBe(1 - servedBy(first));
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
      const rows = await database.handle.db
        .selectFrom('items')
        .select('id')
        .where('name', '=', 'Sent twice')
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('lets exactly one of two stale edits at different instances win; the other gets 409', async () => {
      for (let attempt = 0; ; attempt++) {
        const created = await viaProxy('/api/inventory/items', {
          body: { name: 'Edited twice' },
          headers: { cookie: ownerCookie },
        });
        const { id, version } = created.json<{ id: string; version: number }>();
        const edit = (name: string) =>
          viaProxy(`/api/inventory/items/${id}`, {
            method: 'PUT',
            body: { name, version },
            headers: { cookie: ownerCookie },
          });
        const answers = await Promise.all([edit('Edit A'), edit('Edit B')]);
        // Both at one instance would not show anything about two; round robin rarely does that.
        if (servedBy(answers[0]!) === servedBy(answers[1]!) && attempt < 3) continue;
        expect(new Set(answers.map(servedBy))).toEqual(new Set([0, 1]));
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
        const winner = answers.find((a) => a.status === 200)!.json<{ name: string }>().name;
        const loser = answers.find((a) => a.status === 409)!;
        expect(loser.json<{ error: { code: string } }>().error.code).toBe('conflict');
        const row = await database.handle.db
          .selectFrom('items')
          .select(['name', 'version'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ name: winner, version: version + 1 });
        return;
      }
    });

    it('counts login attempts per real client address with TRUST_PROXY, on both instances', async () => {
      const served = new Set<number>();
      let last: HttpAnswer | undefined;
      for (let i = 0; i <= MAX_FAILURES_PER_ADDRESS; i++) {
        last = await viaProxy('/api/login', {
          body: { username: `guess-${i}@example.com`, password: 'wrong-password' },
          from: GUESSER,
        });
        served.add(servedBy(last));
      }
      // One count across both instances (it lives in the database), and it is the guesser's.
      expect(served).toEqual(new Set([0, 1]));
      expect(last!.status).toBe(429);
      const forged = await viaProxy('/api/login', {
        body: { username: OWNER.email, password: OWNER.password },
        headers: { 'x-forwarded-for': '203.0.113.50' },
        from: GUESSER,
      });
      expect(forged.status).toBe(429);
      // Not nginx's address: someone else behind the same proxy is not locked out.
      const neighbour = await signIn(NEIGHBOUR);
      expect(neighbour.res.status).toBe(200);
      const keys = await database.handle.db
        .selectFrom('rate_limits')
        .select('key')
        .where('key', 'like', 'login:address:%')
        .execute();
      expect(keys.map((k) => k.key)).toContain(`login:address:${GUESSER}`);
      expect(keys.map((k) => k.key)).not.toContain('login:address:127.0.0.1');
      expect(keys.map((k) => k.key)).not.toContain('login:address:203.0.113.50');
    });

    it('runs the purge once across the two instances', async () => {
      const purges = () =>
        instances.map(
          (s) => logLines(s).filter((line) => line.msg.startsWith(PURGE_LOG_MESSAGE)).length,
        );
      const deadline = Date.now() + 20_000;
      while (purges()[0]! + purges()[1]! === 0 && Date.now() < deadline) await sleep(100);
      // Both instances looked when they started; give a second look time to show up too.
      await sleep(1000);
      const counts = purges();
      expect(counts[0]! + counts[1]!, `purges by instance: ${counts}`).toBe(1);
      const lease = await database.handle.db
        .selectFrom('leases')
        .select(['holder', 'next_run_at'])
        .where('name', '=', 'purge')
        .executeTakeFirstOrThrow();
      const ran = counts.findIndex((c) => c === 1);
      expect(lease.holder).toContain(`/${instances[ran]!.child.pid}/`);
      expect(Date.parse(lease.next_run_at) - Date.now()).toBeGreaterThan(50 * 60 * 1000);
    });

    it('loses no acknowledged write when an instance is killed mid-stream; the other answers on', async () => {
      const acknowledged: string[] = [];
      let killedAt = -1;
      const failures: string[] = [];
      const enough = () => killedAt >= 0 && acknowledged.length >= killedAt + 30;
      const deadline = Date.now() + 60_000;

      /** A client that resends a write whose answer it did not get, with the same key. */
      const writer = async (w: number) => {
        for (let i = 0; !enough() && Date.now() < deadline; i++) {
          const name = `Stream ${w}-${i}`;
          const key = newId();
          for (let attempt = 0; attempt < 5; attempt++) {
            const res = await viaProxy('/api/inventory/items', {
              body: { name },
              headers: { cookie: ownerCookie, 'idempotency-key': key },
            }).catch((err: Error) => err);
            if (!(res instanceof Error) && res.status === 201) {
              acknowledged.push(name);
              break;
            }
            failures.push(res instanceof Error ? res.message : `${res.status}`);
            // A claim held by the dead instance answers 409 until it is stale: given up.
            if (!(res instanceof Error) && res.status !== 502 && res.status !== 503) break;
            await sleep(50);
          }
        }
      };
      const killer = async () => {
        while (acknowledged.length < 20 && Date.now() < deadline) await sleep(5);
        killedAt = acknowledged.length;
        instances[1]!.child.kill('SIGKILL');
      };
      await Promise.all([killer(), ...[0, 1, 2, 3].map(writer)]);
      expect(await instances[1]!.exited).toBeNull();
      expect(enough(), `acknowledged ${acknowledged.length}, failures: ${failures}`).toBe(true);

      const stored = await database.handle.db
        .selectFrom('items')
        .select('name')
        .where('name', 'like', 'Stream %')
        .execute();
      const storedNames = new Set(stored.map((r) => r.name));
      expect(acknowledged.filter((name) => !storedNames.has(name))).toEqual([]);
      // Nor any applied twice: a key's answer is stored in its write's own transaction.
      expect(stored).toHaveLength(storedNames.size);

      // The survivor answers everything now, reads and writes.
      for (let i = 0; i < 4; i++) {
        const res = await viaProxy('/api/members', { headers: { cookie: ownerCookie } });
        expect(res.status).toBe(200);
        expect(servedBy(res)).toBe(0);
      }
    });
  },
);
