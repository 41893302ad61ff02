// npm run bench:webhooks: webhook delivery on loopback, through the real app and a real
// HTTP receiver. Two figures:
//   - latency: an item created through the API (answered 201, so committed) until the
//     receiver has its item.created, one at a time: p50, p95, max;
//   - sustained: items created by several writers at once for --seconds; events delivered
//     per second, counted at the receiver from the first write until the last delivery.
//
//   npx tsx scripts/bench-webhooks.ts [--latency 200] [--seconds 10] [--writers 8]
//
// SQLite in a temporary folder; with DATABASE_URL=postgres://… a fresh database on that
// server (dropped afterwards). Wall clock on whatever else the machine is doing.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { newId } from '../src/server/lib/ids.ts';
import { buildMember } from '../test/factories/members.ts';

const { values: args } = parseArgs({
  options: {
    latency: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    writers: { type: 'string', default: '8' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(
    'Usage: npm run bench:webhooks -- [--latency N] [--seconds S] [--writers W]\n' +
      'Times webhook delivery on loopback: latency from commit to receiver (N events, p50/p95)\n' +
      'and events per second sustained while W writers change items for S seconds.',
  );
  process.exit(0);
}

const arrivals = new Map<string, number>();
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString()) as { data: { item: { id: string } } };
    if (!arrivals.has(body.data.item.id)) arrivals.set(body.data.item.id, performance.now());
    res.end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const port = (receiver.address() as { port: number }).port;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-bench-webhooks-'));
const serverUrl = process.env.DATABASE_URL;
let databaseUrl: string | undefined;
const pgName = `yardkeep_bench_webhooks_${newId(6)}`;
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pgName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${pgName}`;
  databaseUrl = url.toString();
}
const database = openDatabase({ databaseUrl, dataDir });
await migrateToLatest(database);
const config = loadConfig({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
  LOG_LEVEL: 'error',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEB_DIST: path.join(dataDir, 'no-web'),
});
const app = await buildApp(config, { database });
await app.ready();
const adminMember = await buildMember(app, { role: 'admin' });
const login = await app.inject({
  method: 'POST',
  url: '/api/login',
  payload: { username: adminMember.email, password: adminMember.password },
});
const cookie = String(login.headers['set-cookie']).split(';')[0]!;
const call = (method: 'POST', url: string, payload: object) =>
  app.inject({ method, url, payload, headers: { cookie } });
await call('POST', '/api/webhooks', {
  url: `http://127.0.0.1:${port}/hooks`,
  events: ['item.created'],
});

const createItem = async (name: string) => {
  const res = await call('POST', '/api/inventory/items', { name });
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return { id: (res.json() as { id: string }).id, committedAt: performance.now() };
};
const until = async (check: () => boolean, timeoutMs = 120_000) => {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error('timed out waiting for deliveries');
    await new Promise((resolve) => setImmediate(resolve));
  }
};
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

// Latency, one at a time.
const latencies: number[] = [];
for (let i = 0; i < Number(args.latency); i++) {
  const { id, committedAt } = await createItem(`Latency ${i}`);
  await until(() => arrivals.has(id));
  latencies.push(arrivals.get(id)! - committedAt);
}
latencies.sort((a, b) => a - b);

// Sustained, several writers for a while.
arrivals.clear();
const ids: string[] = [];
const started = performance.now();
const stopAt = started + Number(args.seconds) * 1000;
await Promise.all(
  Array.from({ length: Number(args.writers) }, async (_, w) => {
    for (let n = 0; performance.now() < stopAt; n++) {
      ids.push((await createItem(`Writer ${w} #${n}`)).id);
    }
  }),
);
const writtenIn = performance.now() - started;
await until(() => ids.every((id) => arrivals.has(id)));
const lastArrival = Math.max(...arrivals.values());
const deliveredIn = lastArrival - started;

const ms = (v: number) => `${v.toFixed(1)} ms`;
console.log(`engine: ${database.dialect}, node ${process.version}, ${os.cpus().length} cores`);
console.log(
  `latency (commit → receiver), ${latencies.length} events one at a time: p50 ${ms(pct(latencies, 50))}, p95 ${ms(pct(latencies, 95))}, max ${ms(latencies.at(-1)!)}`,
);
console.log(
  `sustained: ${ids.length} events written by ${args.writers} writers in ${(writtenIn / 1000).toFixed(1)} s (${(ids.length / (writtenIn / 1000)).toFixed(0)}/s), all delivered after ${(deliveredIn / 1000).toFixed(1)} s: ${(ids.length / (deliveredIn / 1000)).toFixed(0)} events/s delivered`,
);

await app.close();
receiver.close();
fs.rmSync(dataDir, { recursive: true, force: true });
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
  await admin.end();
}
