// npm run bench:stocktake: stock-takes at scale, in process through the real app (routes,
// contract, services, SQL; app.inject instead of a socket). Two figures of the issue:
//   - a stock-take of a location holding --bay items (5,000) opens: the POST that snapshots
//     what is expected, then the GET of the stock-take with its rows; --opens times each;
//   - each scan is answered, on a database of --items items (100,000): --scans scans of
//     labels in the bay (found) and elsewhere (wrong place), p50 / p95 / max.
//
//   npm run bench:stocktake -- [--items 100000] [--bay 5000] [--opens 5] [--scans 400]
//
// SQLite in a temporary folder; with DATABASE_URL=postgres://… a fresh database on that
// server (dropped afterwards). Wall clock on whatever else the machine is doing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { seedDatabase } from '../src/server/cli/seed/run.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { newId } from '../src/server/lib/ids.ts';
import { buildLocation } from '../test/factories/locations.ts';
import { buildMember } from '../test/factories/members.ts';

const { values: args } = parseArgs({
  options: {
    items: { type: 'string', default: '100000' },
    bay: { type: 'string', default: '5000' },
    opens: { type: 'string', default: '5' },
    scans: { type: 'string', default: '400' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(
    'Usage: npm run bench:stocktake -- [--items 100000] [--bay 5000] [--opens 5] [--scans 400]\n' +
      'Times opening a stock-take of a location holding --bay items and each scan at --items items\n' +
      '(SQLite in a temporary folder, or PostgreSQL with DATABASE_URL); see scripts/bench-stocktake.ts.',
  );
  process.exit(0);
}
const itemCount = Number(args.items);
const bayCount = Number(args.bay);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-bench-stocktake-'));
const serverUrl = process.env.DATABASE_URL;
let databaseUrl: string | undefined;
const pgName = `yardkeep_bench_stocktake_${newId(6)
  .toLowerCase()
  .replace(/[^a-z0-9]/g, 'x')}`;
const onServer = async (sql: string) => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(sql);
  await admin.end();
};
if (serverUrl) {
  await onServer(`CREATE DATABASE ${pgName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${pgName}`;
  databaseUrl = url.toString();
}
const database = openDatabase({ databaseUrl, dataDir });
await migrateToLatest(database);
const seeded = performance.now();
await seedDatabase(database, { items: itemCount, seed: 7, reset: false });
console.log(`seeded ${itemCount} items in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

const config = loadConfig({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
  LOG_LEVEL: 'error',
  WEB_DIST: path.join(dataDir, 'no-web'),
});
const app = await buildApp(config, { database });
await app.ready();

// The bay: --bay labelled items that are in no container, not out and not missing, moved
// there (bench set-up, straight in SQL: the figures are about the stock-take, not the move).
const bay = await buildLocation(app, { name: 'Bench bay' });
const inBay = await app.db
  .selectFrom('items')
  .innerJoin('labels', 'labels.item_id', 'items.id')
  .select(['items.id', 'labels.id as code'])
  .where('items.out_at', 'is', null)
  .where('items.condition', '<>', 'missing')
  .where('items.container_id', 'is', null)
  .groupBy(['items.id', 'labels.id'])
  .limit(bayCount * 2)
  .execute();
const seen = new Set<string>();
const bayItems = inBay.filter((r) => !seen.has(r.id) && seen.add(r.id)).slice(0, bayCount);
for (let i = 0; i < bayItems.length; i += 1000) {
  await app.db
    .updateTable('items')
    .set({ location_id: bay.id })
    .where(
      'id',
      'in',
      bayItems.slice(i, i + 1000).map((r) => r.id),
    )
    .execute();
}
const elsewhere = await app.db
  .selectFrom('labels')
  .innerJoin('items', 'items.id', 'labels.item_id')
  .select(['labels.id as code'])
  .where('items.location_id', '<>', bay.id)
  .where('items.out_at', 'is', null)
  .limit(Number(args.scans))
  .execute();

const staff = await buildMember(app, { role: 'staff' });
const login = await app.inject({
  method: 'POST',
  url: '/api/login',
  payload: { username: staff.email, password: staff.password },
});
const cookie = String(login.headers['set-cookie']).split(';')[0]!;
const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const began = performance.now();
  const res = await app.inject({ method, url, payload, headers: { cookie } });
  const ms = performance.now() - began;
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return { ms, body: res.json() as { id: string; expected_count: number; outcome?: string } };
};

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;
const summary = (values: number[]) =>
  `p50 ${ms(pct(values, 50))}, p95 ${ms(pct(values, 95))}, max ${ms(Math.max(...values))}`;

// Opening: the POST (snapshot) and the GET (the stock-take with its rows), --opens times.
const starts: number[] = [];
const reads: number[] = [];
let stocktakeId = '';
for (let i = 0; i < Number(args.opens); i++) {
  const started = await call('POST', '/api/inventory/stocktakes', { location_id: bay.id });
  if (started.body.expected_count !== bayItems.length) {
    throw new Error(`expected ${bayItems.length}, snapshot has ${started.body.expected_count}`);
  }
  starts.push(started.ms);
  stocktakeId = started.body.id;
  reads.push((await call('GET', `/api/inventory/stocktakes/${stocktakeId}`)).ms);
}

// Scans into the last one: labels of the bay (found) and of elsewhere (wrong place), mixed.
const codes = bayItems
  .slice(0, Math.ceil(Number(args.scans) / 2))
  .map((r) => r.code)
  .flatMap((code, i) => [code, elsewhere[i]?.code].filter((c): c is string => Boolean(c)))
  .slice(0, Number(args.scans));
const scans: number[] = [];
const outcomes = new Map<string, number>();
for (const code of codes) {
  const scan = await call('POST', `/api/inventory/stocktakes/${stocktakeId}/scans`, { code });
  scans.push(scan.ms);
  outcomes.set(scan.body.outcome!, (outcomes.get(scan.body.outcome!) ?? 0) + 1);
}
// And the stock-take read once it holds those rows.
const readAfter = (await call('GET', `/api/inventory/stocktakes/${stocktakeId}`)).ms;

console.log(
  `engine: ${database.dialect}, node ${process.version}, ${os.cpus().length} cores, ${itemCount} items`,
);
console.log(
  `open a stock-take of a location holding ${bayItems.length} items (POST, snapshot), ${starts.length}×: ${summary(starts)}`,
);
console.log(`  then GET it with its ${bayItems.length} rows: ${summary(reads)}`);
console.log(
  `  open = POST + GET, worst of ${starts.length}: ${ms(Math.max(...starts.map((s, i) => s + reads[i]!)))} (goal ≤ 300 ms)`,
);
console.log(
  `scan, ${scans.length} scans (${[...outcomes].map(([k, n]) => `${n} ${k}`).join(', ')}): ${summary(scans)} (goal p95 ≤ 50 ms)`,
);
console.log(`GET of the stock-take after the scans: ${ms(readAfter)}`);

await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
if (serverUrl) await onServer(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
