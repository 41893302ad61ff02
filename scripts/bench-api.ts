// Times the item list, search and detail on a seeded database of 100,000 items, through
// the whole server stack (app.inject: routing, session, validation, SQL, serialization).
//
//   npx tsx scripts/bench-api.ts [--items 100000] [--runs 30] [--seed 7]
//
// SQLite always (a temporary file); PostgreSQL too when DATABASE_URL=postgres://... is
// set (a temporary database created on that server and dropped afterwards). Each
// database is filled with the data generator (npm run seed) first, and the seed time is
// reported with the timings.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { formatLabelCode } from '../src/common/label-code.ts';
import { buildApp } from '../src/server/app.ts';
import { seedDatabase } from '../src/server/cli/seed/run.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type DbHandle } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { newId } from '../src/server/lib/ids.ts';
import { buildMember } from '../test/factories/members.ts';
import { loginWith } from '../test/helpers/app.ts';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '30' },
    seed: { type: 'string', default: '7' },
  },
});
const ITEMS = Number(values.items);
const RUNS = Number(values.runs);
const SEED = Number(values.seed);
const WARM_UP = 3;

interface Target {
  engine: 'sqlite' | 'postgres';
  handle: DbHandle;
  dataDir: string;
  drop(): Promise<void>;
}

async function sqliteTarget(): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-bench-'));
  const handle = openDatabase({ databaseUrl: undefined, dataDir });
  return {
    engine: 'sqlite',
    handle,
    dataDir,
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(serverUrl: string): Promise<Target> {
  const name = `yardkeep_bench_${newId(8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-bench-'));
  return {
    engine: 'postgres',
    handle: openDatabase({ databaseUrl: url.toString(), dataDir }),
    dataDir,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Row {
  request: string;
  median: number;
  p95: number;
  answer: string;
}

async function measure(
  app: FastifyInstance,
  cookie: string,
  request: string,
  url: string,
  describe: (body: unknown) => string,
): Promise<Row> {
  const call = async () => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  for (let i = 0; i < WARM_UP; i++) await call();
  const times: number[] = [];
  let last: unknown;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    last = (await call()).json();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
  return { request, median: at(0.5), p95: at(0.95), answer: describe(last) };
}

async function bench(target: Target): Promise<void> {
  const started = performance.now();
  await migrateToLatest(target.handle);
  const seeded = await seedDatabase(target.handle, { items: ITEMS, seed: SEED, reset: false });
  const seedSeconds = ((performance.now() - started) / 1000).toFixed(1);

  const config = loadConfig({
    DATA_DIR: target.dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://bench.test',
    WEB_DIST: path.join(target.dataDir, 'no-web-build'),
  });
  const app = await buildApp(config, { database: target.handle });
  await app.ready();
  try {
    const staff = await buildMember(app, { role: 'staff' });
    const cookie = await loginWith(app, staff.email, staff.password);
    const db = app.db;
    // A labelled item near the middle of the name order, and one client's first page.
    const labelled = await db
      .selectFrom('labels')
      .innerJoin('items', 'items.id', 'labels.item_id')
      .select(['items.id', 'labels.id as code'])
      .orderBy('labels.id')
      .offset(Math.floor(seeded.counts.labels! / 2))
      .limit(1)
      .executeTakeFirstOrThrow();
    const client = await db
      .selectFrom('clients')
      .select('id')
      .orderBy('name')
      .executeTakeFirstOrThrow();
    const member = await buildMember(app, { role: 'client', client_id: client.id });
    const clientCookie = await loginWith(app, member.email, member.password);

    const page = (body: unknown) => {
      const p = body as { items: Array<{ id: string }>; total: number };
      return `${p.items.length} of ${p.total}`;
    };
    const first = (id: string) => (body: unknown) => {
      const p = body as { items: Array<{ id: string }>; total: number };
      return `${page(body)}, ${p.items[0]?.id === id ? 'right item first' : 'WRONG ITEM FIRST'}`;
    };
    const base = '/api/inventory/items';
    const rows = [
      await measure(app, cookie, 'first page (limit 50)', `${base}?limit=50&offset=0`, page),
      await measure(app, cookie, 'deep page (offset 50000)', `${base}?limit=50&offset=50000`, page),
      await measure(
        app,
        clientCookie,
        'first page, client user',
        `${base}?limit=50&offset=0`,
        page,
      ),
      await measure(app, cookie, 'search "crate"', `${base}?q=crate&limit=50`, page),
      await measure(
        app,
        cookie,
        'typo search "scafold tube"',
        `${base}?q=scafold%20tube&limit=50`,
        page,
      ),
      await measure(
        app,
        cookie,
        'label id search',
        `${base}?q=${formatLabelCode(labelled.code)}&limit=50`,
        first(labelled.id),
      ),
      await measure(app, cookie, 'item detail', `${base}/${labelled.id}`, () => '1 item'),
    ];

    console.log(
      `\n${target.engine}: ${ITEMS} items seeded in ${seedSeconds} s (seed ${SEED}); ${RUNS} runs after ${WARM_UP} warm-up; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs`,
    );
    console.log('| request | median ms | p95 ms | answer |');
    console.log('|---|---:|---:|---|');
    for (const r of rows) {
      console.log(`| ${r.request} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.answer} |`);
    }
  } finally {
    await app.close();
  }
}

const targets: Array<() => Promise<Target>> = [sqliteTarget];
const serverUrl = process.env.DATABASE_URL;
if (serverUrl && /^postgres(ql)?:\/\//.test(serverUrl))
  targets.push(() => postgresTarget(serverUrl));

for (const make of targets) {
  const target = await make();
  try {
    await bench(target);
  } finally {
    await target.drop();
  }
}
