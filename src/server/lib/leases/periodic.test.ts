import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/connection.ts';
import { createTestDatabase, type TestDatabase } from '../../../../test/helpers/database.ts';
import { TEST_PUBLIC_URL } from '../../../../test/helpers/app.ts';
import { buildItem } from '../../../../test/factories/items.ts';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../../test/helpers/webhook-receiver.ts';
import { createWebhook } from '../../modules/webhooks/webhooks.service.ts';
import { idempotencyRepo } from '../../modules/idempotency/idempotency.repo.ts';
import { leasesRepo } from './leases.repo.ts';
import { schedulePeriodic } from './periodic.ts';
import type { BuildOptions } from '../../app.ts';

/** Two app instances on one database, as behind a load balancer. */
let database: TestDatabase;
const apps: FastifyInstance[] = [];
/** Runs of the test's own work, by instance. */
const countedRuns = [0, 0];
let receiver: WebhookReceiver;

async function instance(index: number, options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_PUBLIC_URL,
    WEB_DIST: `${database.dataDir}/no-web-build`,
    WEBHOOK_ALLOW_PRIVATE: 'true',
  });
  const handle =
    index === 0
      ? database.handle
      : openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  const app = await buildApp(config, { database: handle, ...options });
  schedulePeriodic(
    app,
    {
      name: 'counted',
      everyMs: 60 * 60 * 1000,
      checkEveryMs: 10,
      run: async () => {
        countedRuns[index]!++;
        // Long enough for the other instance to look while this one runs.
        await new Promise((resolve) => setTimeout(resolve, 100));
      },
    },
    // Short for a test, yet well past a slow first query on a busy machine.
    3000,
  );
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await startWebhookReceiver();
  const webhooks = { checkEveryMs: 10, retryDelaysMs: [20, 20] };
  apps.push(await instance(0, { webhooks }), await instance(1, { webhooks }));
  // Started together, as a deployment would.
  await Promise.all(apps.map((app) => app.ready()));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await receiver.close();
  await database.drop();
});

describe('periodic work on two instances of one database', () => {
  it('runs once: the hourly purge and a counted job each ran on one instance only', async () => {
    const deadline = Date.now() + 10_000;
    const purged = () => apps.some((app) => app.periodicWork.get('purge')!.runs > 0);
    while ((countedRuns[0]! + countedRuns[1]! === 0 || !purged()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Both instances keep looking (every 10 ms for the counted job): let them try again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all(apps.map((app) => app.periodicWork.get('purge')!.runNow()));
    const purges = apps.map((app) => app.periodicWork.get('purge')!.runs);
    expect(
      purges.reduce((a, b) => a + b),
      `purges by instance: ${purges}`,
    ).toBe(1);
    expect(
      countedRuns.reduce((a, b) => a + b),
      `runs by instance: ${countedRuns}`,
    ).toBe(1);
    const lease = await leasesRepo.find(apps[0]!.db, 'purge');
    // Not due again for an hour, whoever looks.
    expect(Date.parse(lease!.next_run_at) - Date.now()).toBeGreaterThan(59 * 60 * 1000);
  });

  it('clears expired idempotency keys in that hourly purge, run by one instance', async () => {
    const db = apps[0]!.db;
    const key = (name: string, expiresAt: number) =>
      idempotencyRepo.claim(db, {
        user_key: 'member-of-the-test',
        key: name,
        fingerprint: 'f',
        status: 201,
        body: '{}',
        created_at: new Date(expiresAt - 60_000).toISOString(),
        expires_at: new Date(expiresAt).toISOString(),
      });
    await key('expired', Date.now() - 1000);
    await key('live', Date.now() + 60 * 60 * 1000);
    // An hour later: the purge is due again, for whichever instance looks first.
    await db.updateTable('leases').set({ next_run_at: '' }).where('name', '=', 'purge').execute();
    const ran = await Promise.all(apps.map((app) => app.periodicWork.get('purge')!.runNow()));
    expect(ran.filter(Boolean)).toHaveLength(1);
    const left = await db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('user_key', '=', 'member-of-the-test')
      .execute();
    expect(left.map((row) => row.key)).toEqual(['live']);
  });

  it('waits for the lease of an instance that died mid-run, then takes over', async () => {
    const db = apps[0]!.db;
    const leaseUntil = Date.now() + 1500;
    await db
      .updateTable('leases')
      .set({ holder: 'killed-instance', lease_until: new Date(leaseUntil).toISOString() })
      .where('name', '=', 'counted')
      .execute();
    // Due again, but held by an instance that will never renew nor release it.
    await db.updateTable('leases').set({ next_run_at: '' }).where('name', '=', 'counted').execute();
    const runs = () => countedRuns[0]! + countedRuns[1]!;
    const before = runs();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(runs()).toBe(before);
    const deadline = Date.now() + 10_000;
    while (runs() === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(runs()).toBe(before + 1);
    expect(Date.now()).toBeGreaterThanOrEqual(leaseUntil);
  });

  it('delivers each webhook event once, in order, whichever instance wrote it', async () => {
    await createWebhook(apps[0]!, { url: receiver.url, events: ['item.created'] }, null);
    const names: string[] = [];
    for (let i = 0; i < 30; i++) {
      names.push(`Item ${i}`);
      await buildItem(apps[i % 2]!, { name: `Item ${i}` });
    }
    await receiver.waitUntil((r) => new Set(r.map((w) => w.headers['webhook-id'])).size === 30);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(30);
    expect(receiver.received.map((r) => (r.event.data.item as { name: string }).name)).toEqual(
      names,
    );
  });
});
