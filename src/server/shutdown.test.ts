import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import { TEST_ENGINE } from '../../test/helpers/database.ts';
import { pngImage } from '../../test/fixtures/images.ts';
import {
  OWNER,
  sessionCookie,
  sleep,
  startHealthy,
  stopAll,
  tempDir,
  within,
} from '../../test/helpers/server-process.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDatabase } from './cli/seed/run.ts';
import { upsertAdmin } from './modules/members/members.service.ts';

afterEach(stopAll);

interface Outcome {
  what: string;
  status?: number;
  error?: string;
}

// Start-up and shutdown do not depend on the engine (see main.test.ts).
describe.skipIf(TEST_ENGINE === 'postgres')('SIGTERM with requests in flight', () => {
  it('answers every request already received (2xx or 503), resets none, and exits within 10 s', async () => {
    const dataDir = tempDir();
    // Enough items that listing them all takes a while.
    const database = openDatabase({ databaseUrl: undefined, dataDir });
    await migrateToLatest(database);
    await seedDatabase(database, { items: 3000, seed: 3, reset: false });
    await upsertAdmin(database, OWNER);
    await database.db.destroy();

    const server = await startHealthy(dataDir);
    const cookie = await sessionCookie(server, OWNER.email, OWNER.password);
    const image = await pngImage(1600, 1200);
    // Keep-alive connections, as browsers and proxies use them, one request at a time each.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const send = (
      what: string,
      path: string,
      options: { method?: string; type?: string; body?: Buffer | string } = {},
    ): Promise<Outcome> =>
      new Promise((resolve) => {
        const req = http.request(
          `${server.base}${path}`,
          {
            agent,
            method: options.method ?? 'GET',
            headers: { cookie, ...(options.type ? { 'content-type': options.type } : {}) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ what, status: res.statusCode }));
            res.on('error', (err) => resolve({ what, error: err.message }));
          },
        );
        req.on('error', (err) => resolve({ what, error: err.message }));
        req.end(options.body);
      });
    const warm = await Promise.all(Array.from({ length: 6 }, () => send('warm', '/api/health')));
    expect(warm.every((o) => o.status === 200)).toBe(true);

    const requests: Array<Promise<Outcome>> = [];
    for (let i = 0; i < 20; i++) {
      if (i % 4 === 0) {
        requests.push(
          send('upload', `/api/upload/photo-${i}.png`, {
            method: 'POST',
            type: 'image/png',
            body: image,
          }),
        );
      } else if (i % 4 === 1) {
        requests.push(send('big list', '/api/inventory/items'));
      } else if (i % 4 === 2) {
        requests.push(
          send('create', '/api/inventory/items', {
            method: 'POST',
            type: 'application/json',
            body: JSON.stringify({ name: `Crate ${i}` }),
          }),
        );
      } else {
        requests.push(send('search', '/api/inventory/items?q=crate&limit=50'));
      }
    }
    // Signalled while the first of them are being worked on and the rest wait their turn
    // on the open connections.
    await sleep(150);
    server.child.kill('SIGTERM');
    const outcomes = await within(Promise.all(requests), 15_000, 'requests unanswered');
    const code = await within(server.exited, 10_000, 'no exit within 10 s of SIGTERM');
    agent.destroy();

    const failed = outcomes.filter(
      (o) => o.error !== undefined || !(o.status! < 300 || o.status === 503),
    );
    expect(failed, JSON.stringify(outcomes)).toEqual([]);
    // Some were finished, not all refused.
    expect(outcomes.some((o) => o.status! < 300)).toBe(true);
    expect(code).toBe(0);
  }, 90_000);
});
