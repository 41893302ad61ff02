// npm run bench: the production server (`npm start`) over HTTP on a seeded database of
// 100,000 items, one table, every row measured in the same run.
//
//   npm run bench -- [--items 100000] [--data /tmp/folder] [--seconds 5] [--no-web]
//                    [--only item|search|list|web] [--pg-database name] [--no-sqlite]
//
// --data (or BENCH_DATA_DIR) reuses a seeded SQLite folder; without it one is seeded under
// the system's temporary folder and kept for the next run. With DATABASE_URL=postgres://…
// the server rows run a second time on PostgreSQL, in a database `yardkeep_bench_<items>`
// created on that server (and reused when it is already seeded). The web rows come from
// scripts/bench-web.ts when it exists. Timings are wall clock on whatever else the machine
// is doing: compare the columns of one run, not runs on different days. --only item (or
// search, list, web) prints only the item GET vs bare Fastify rows (or the search, list, or
// first-load JS and phone rows), for a quick before/after of one change (`--only web
// --items 2000` needs no 100k seed);
// --pg-database names the PostgreSQL database instead of yardkeep_bench_<items>; --no-sqlite
// runs the PostgreSQL rows alone (DATABASE_URL needed), without seeding or benching SQLite.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { formatLabelCode } from '../src/common/label-code.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { buildMember } from '../test/factories/members.ts';
import { startCommand } from '../test/helpers/server-process.ts';
import { reservationRows } from './bench-reservations.ts';
import { footprintRows } from './bench-footprint.ts';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { values: args } = parseArgs({
  options: {
    items: { type: 'string', default: '100000' },
    data: { type: 'string' },
    seconds: { type: 'string', default: '5' },
    'no-web': { type: 'boolean', default: false },
    only: { type: 'string' },
    'pg-database': { type: 'string' },
    'no-sqlite': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(`Usage: npm run bench -- [--items 100000] [--data /tmp/folder] [--seconds 5] [--no-web]
                      [--only item|search|list|web] [--pg-database name] [--no-sqlite]
The production server over HTTP on a seeded database; see the top of scripts/bench.ts.`);
  process.exit(0);
}
if (args.only !== undefined && !['item', 'search', 'list', 'web'].includes(args.only)) {
  console.error(`--only is "item", "search", "list" or "web", not "${args.only}"`);
  process.exit(2);
}
if (args['no-sqlite'] && !/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')) {
  console.error('--no-sqlite benches PostgreSQL only: set DATABASE_URL=postgres://…');
  process.exit(2);
}
if (args['pg-database'] !== undefined && !/^[a-z_][a-z0-9_]*$/.test(args['pg-database'])) {
  console.error('--pg-database is a lower-case SQL name (letters, digits, _)');
  process.exit(2);
}
/** Whether a group of rows runs: every group, or the one --only names. */
const runs = (group: 'item' | 'search' | 'list' | 'web' | 'other') =>
  !args.only || args.only === group;
const ITEMS = Number(args.items);
const SECONDS = Number(args.seconds);
const CONNECTIONS = 10;
const REQUEST_BUDGET_MS = 20_000;
const KEPT_BODY_BYTES = 64e6;

// ---------------------------------------------------------------- HTTP load generator

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS * 2 });

interface Answer {
  status: number;
  body: string;
  /** The body's size; the body itself is kept only up to KEPT_BODY_BYTES. */
  bytes: number;
  ms: number;
  headers: http.IncomingHttpHeaders;
}

function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          // The unpaged list of a million items is past a string's limit: it is only sized.
          if (bytes + c.length <= KEPT_BODY_BYTES) chunks.push(c);
          bytes += c.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            bytes,
            ms: performance.now() - started,
            headers: res.headers,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // A request slower than this counts as failed: the row says so instead of waiting.
    req.setTimeout(REQUEST_BUDGET_MS, () => req.destroy(new Error(`over ${REQUEST_BUDGET_MS} ms`)));
    if (options.body) req.write(options.body);
    req.end();
  });
}

async function mustGet(url: string, cookie?: string): Promise<Answer> {
  const res = await request(url, { headers: cookie ? { cookie } : {} });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.slice(0, 200)}`);
  return res;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : NaN;

/** `connections` loops requesting `url` for `seconds`: requests per second and p99. */
async function load(
  url: string,
  cookie: string | undefined,
  seconds: number,
  connections = CONNECTIONS,
) {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      times.push(
        await mustGet(url, cookie).then(
          (r) => r.ms,
          () => REQUEST_BUDGET_MS,
        ),
      );
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...times].sort((a, b) => a - b);
  return {
    rps: times.length / elapsed,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    times,
    seconds: elapsed,
  };
}

/** Requests of several load runs pooled: their rate and p99 together. */
interface Sample {
  times: number[];
  seconds: number;
}
const add = (into: Sample, run: Sample) => {
  into.times.push(...run.times);
  into.seconds += run.seconds;
};
const summary = (sample: Sample) => {
  const sorted = [...sample.times].sort((a, b) => a - b);
  return { rps: sample.times.length / sample.seconds, p99: percentile(sorted, 0.99) };
};

type Timing = { p50: number; p95: number; max: number } | { failed: string };

/**
 * Each URL `rounds` times, one after the other (after one warm-up pass): p50 and p95 over
 * all of them. A request over the budget ends the row, which then says how far it got.
 */
async function sequential(urls: string[], cookie: string, rounds = 3): Promise<Timing> {
  const times: number[] = [];
  try {
    for (const url of urls) await mustGet(url, cookie);
    for (let r = 0; r < rounds; r++)
      for (const url of urls) times.push((await mustGet(url, cookie)).ms);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { failed: `${why} (after ${times.length} timed requests)` };
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: times.at(-1)! };
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

// ------------------------------------------------------------------------- processes

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, seconds = 300): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await request(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A bare Fastify route serving a fixed JSON body: the ceiling for an item read, run with
 * the same Node flags as the server so that both have the same garbage collector settings. */
async function startBare(json: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const code = `
    import Fastify from 'fastify';
    const body = JSON.parse(process.env.BODY);
    const app = Fastify();
    app.get('/item', async () => body);
    await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const nodeFlags = startCommand(root).filter((arg) => arg.startsWith('-'));
  const child = spawn(process.execPath, [...nodeFlags, '--input-type=module', '-e', code], {
    cwd: root,
    env: { ...process.env, BODY: json },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/item`, child);
  return { origin, child };
}

/**
 * `npm start` as a user runs it (web build, migrations, production server), with the Node
 * flags of package.json's start script: the young generation's cap among them changes how
 * often the server stops to collect garbage, so a bench without it measured another server.
 */
async function startServer(
  env: Record<string, string>,
): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, startCommand(root), {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${origin}/api/health`, child);
  return { origin, child };
}

// ---------------------------------------------------------------------- the database

interface Target {
  engine: 'sqlite' | 'postgres';
  env: Record<string, string>;
  dataDir: string;
  databaseUrl: string | undefined;
}

function seed(target: Target): void {
  console.error(`Seeding ${ITEMS} items (${target.engine}) ...`);
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      'src/server/cli/seed.ts',
      '--items',
      String(ITEMS),
      '--jobs',
      '2000',
      '--seed',
      '7',
    ],
    {
      cwd: root,
      env: { ...process.env, ...target.env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error('seeding failed');
}

async function sqliteTarget(): Promise<Target> {
  const dataDir =
    args.data ?? process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), `yardkeep-bench-${ITEMS}`);
  return {
    engine: 'sqlite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    dataDir,
    databaseUrl: undefined,
  };
}

async function postgresTarget(serverUrl: string): Promise<Target> {
  const name = args['pg-database'] ?? `yardkeep_bench_${ITEMS}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = path.join(os.tmpdir(), `yardkeep-bench-pg-${ITEMS}`);
  return {
    engine: 'postgres',
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    dataDir,
    databaseUrl: url.toString(),
  };
}

/** Seeds when needed, and makes a staff member and a client user to sign in with. */
async function prepare(target: Target) {
  const handle = openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  await migrateToLatest(handle);
  const count = async () =>
    Number(
      (
        await handle.db
          .selectFrom('items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  if ((await count()) < ITEMS) {
    await handle.db.destroy();
    seed(target);
    return prepare(target);
  }
  const config = loadConfig({
    DATA_DIR: target.dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(target.dataDir, 'none'),
  });
  const app = await buildApp(config, { database: handle });
  try {
    const staff = await buildMember(app, { role: 'staff' });
    // The client with the most items: the heaviest scope a client user can have.
    const biggest = await handle.db
      .selectFrom('items')
      .select(['client_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('client_id', 'is not', null)
      .groupBy('client_id')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const client = await buildMember(app, { role: 'client', client_id: biggest.client_id! });
    const labelled = await handle.db
      .selectFrom('labels')
      .select(['id', 'item_id'])
      .where('item_id', 'is not', null)
      .orderBy('id')
      .offset(1000)
      .limit(1)
      .executeTakeFirstOrThrow();
    const names = await handle.db
      .selectFrom('items')
      .select('name')
      .where('name', 'is not', null)
      .orderBy('id')
      .limit(3)
      .execute();
    return {
      staff,
      client,
      label: labelled.id,
      itemId: labelled.item_id!,
      names: names.map((n) => n.name!),
    };
  } finally {
    await app.close();
  }
}

async function login(origin: string, email: string, password: string): Promise<string> {
  const res = await request(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username: email, password }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${res.body}`);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0]!;
  return cookie.split(';')[0]!;
}

// ------------------------------------------------------------------------ the rows

type Rows = Map<string, string>;

const ROW = {
  bare: 'bare Fastify, same JSON: req/s, p99 (10 connections)',
  item: 'item GET: req/s, p99 (10 connections)',
  share: 'item GET req/s as a share of bare Fastify (turns of 1 s each)',
};

/** The goals of the issue this table answers, by the start of a row's name. */
const GOALS: Array<[string, string]> = [
  [ROW.item, 'p99 ≤ 10 ms'],
  [ROW.share, '≥ 50 %'],
  ['search, ', ITEMS >= 1_000_000 ? 'p95 ≤ 50 ms' : 'p95 ≤ 30 ms'],
  ['list, ', 'p95 ≤ 30 ms'],
  ['item GET p99, 5 searches', '≤ 50 ms (PostgreSQL: within +5 ms of SQLite)'],
  ['unpaged list', 'streamed, no blocking'],
  ['/api/health slowest', 'no blocking'],
  ['reservations: availability', 'p95 ≤ 50 ms'],
  ["reservations: a quarter's calendar", 'p95 ≤ 100 ms'],
  ['reservations: reserve', '≤ 200 ms'],
  ['reservations: unreserve', '≤ 200 ms'],
  ['first-load JS /items', '≤ 150 KB gzip'],
  ['first-load JS /scan', '≤ 150 KB gzip'],
  ['phone /scan/{label} → item heading, 4× CPU, cold, loopback', '≤ 1.0 s'],
  ['phone /scan/{label} → item heading, 4× CPU, cold, emulated 4G', '≤ 1.5 s'],
];
const goalOf = (what: string) => GOALS.find(([start]) => what.startsWith(start))?.[1] ?? '';

/** Twenty searches people type: words, typos, sizes, a label id, a short prefix. */
function realisticQueries(extra: { label: string; names: string[] }): string[] {
  return [
    'crate',
    'scafold tube',
    'panel 2x4',
    formatLabelCode(extra.label),
    'pallet',
    'truss',
    'stage deck',
    'cable',
    'tarp',
    'lighting',
    'riser 1m',
    'fabric',
    'bolts',
    'chair',
    'warehouse',
    'pallett',
    'table',
    'speaker',
    extra.names[0]!.slice(0, 12),
    'ab',
    // Misspelled and multi-word, as people type them (issue 23 §3).
    'cabel 16a',
    'chesterfeld sofa',
    'satin swag',
    'bobinet gauze',
    'warehose 2 bay',
    'standrd lamp',
  ];
}

async function benchServer(target: Target, rows: Rows, web: boolean): Promise<void> {
  const setup = await prepare(target);
  const server = await startServer(target.env);
  try {
    const origin = server.origin;
    const staff = await login(origin, setup.staff.email, setup.staff.password);
    const client = await login(origin, setup.client.email, setup.client.password);
    const api = `${origin}/api/inventory/items`;
    const itemUrl = `${api}/${setup.itemId}`;
    const item = await mustGet(itemUrl, staff);

    if (runs('item')) {
      // Bare Fastify and the item GET take turns, one second each, so both columns of the
      // ratio see the same machine (other processes come and go on a shared one).
      const bare = await startBare(item.body);
      const bareTimes: Sample = { times: [], seconds: 0 };
      const itemTimes: Sample = { times: [], seconds: 0 };
      try {
        await load(`${bare.origin}/item`, undefined, 1);
        await load(itemUrl, staff, 1);
        for (let round = 0; round < SECONDS; round++) {
          add(bareTimes, await load(`${bare.origin}/item`, undefined, 1));
          add(itemTimes, await load(itemUrl, staff, 1));
        }
      } finally {
        await stop(bare.child);
      }
      const b = summary(bareTimes);
      const g = summary(itemTimes);
      rows.set(ROW.bare, `${b.rps.toFixed(0)} req/s, p99 ${ms(b.p99)}`);
      rows.set(ROW.item, `${g.rps.toFixed(0)} req/s, p99 ${ms(g.p99)}`);
      rows.set(ROW.share, `${((100 * g.rps) / b.rps).toFixed(0)} %`);
    }

    const queries = realisticQueries(setup);
    const q = (text: string, extra = '') => `${api}?q=${encodeURIComponent(text)}&limit=50${extra}`;
    const report = (label: string, r: Timing) =>
      rows.set(
        label,
        'failed' in r ? r.failed : `p50 ${ms(r.p50)}, p95 ${ms(r.p95)} (max ${ms(r.max)})`,
      );
    if (runs('search')) {
      report(
        `search, staff, ${queries.length} queries`,
        await sequential(
          queries.map((t) => q(t)),
          staff,
        ),
      );
      report(
        `search, client user, ${queries.length} queries`,
        await sequential(
          queries.map((t) => q(t)),
          client,
        ),
      );
      report(
        `search, staff + type filter (status=Crate), ${queries.length} queries`,
        await sequential(
          queries.map((t) => q(t, '&status=Crate')),
          staff,
        ),
      );
      report(
        `search, client user + type filter, ${queries.length} queries`,
        await sequential(
          queries.map((t) => q(t, '&status=Pallet')),
          client,
        ),
      );
      const crate = await mustGet(q('crate'), client).then(
        (r) => JSON.parse(r.body) as { total: number; total_capped?: boolean },
        () => null,
      );
      rows.set(
        '"crate" as client user: total shown',
        crate ? `${crate.total}${crate.total_capped ? '+' : ''}` : 'failed',
      );
    }

    if (runs('list')) {
      report('list, first page (limit 50)', await sequential([`${api}?limit=50`], staff, 20));
      report('list, offset 50,000', await sequential([`${api}?limit=50&offset=50000`], staff, 20));
      const before = await mustGet(`${api}?limit=50&offset=49950`, staff).then(
        (r) => JSON.parse(r.body) as { next_cursor?: string | null },
        () => ({ next_cursor: null }),
      );
      if (before.next_cursor) {
        report(
          'list, page at 50,000 by cursor',
          await sequential([`${api}?limit=50&cursor=${before.next_cursor}`], staff, 20),
        );
      } else {
        rows.set('list, page at 50,000 by cursor', 'n/a (no cursor paging)');
      }
    }

    if (runs('other')) {
      // Item reads from 2 connections, quiet and then with 5 searches a second running.
      const quiet = await load(itemUrl, staff, SECONDS, 2);
      rows.set('item GET p99, quiet (2 connections)', ms(quiet.p99));
      let stopSearches = false;
      const searchTimes: number[] = [];
      const searcher = (async () => {
        for (let i = 0; !stopSearches; i++) {
          const session = i % 2 ? client : staff;
          const extra = i % 3 === 0 ? '&status=Crate' : '';
          void mustGet(q(queries[i % queries.length]!, extra), session).then(
            (r) => searchTimes.push(r.ms),
            () => searchTimes.push(REQUEST_BUDGET_MS),
          );
          await new Promise((r) => setTimeout(r, 200));
        }
      })();
      const busy = await load(itemUrl, staff, SECONDS, 2);
      stopSearches = true;
      await searcher;
      rows.set('item GET p99, 5 searches/s running', ms(busy.p99));
      searchTimes.sort((a, b) => a - b);
      rows.set('those searches: p95', ms(percentile(searchTimes, 0.95)));

      // The spec's unpaged list: its time, size, and what a health check waits meanwhile.
      const health: number[] = [];
      let listing = true;
      const prober = (async () => {
        while (listing) {
          health.push(
            await request(`${origin}/api/health`).then(
              (r) => r.ms,
              () => REQUEST_BUDGET_MS,
            ),
          );
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      const all = await mustGet(api, staff).catch((err: unknown) => err as Error);
      listing = false;
      await prober;
      rows.set(
        'unpaged list: time, size',
        all instanceof Error
          ? `failed: ${all.message}`
          : `${ms(all.ms)}, ${(all.bytes / 1e6).toFixed(1)} MB`,
      );
      rows.set('/api/health slowest answer during it', ms(Math.max(...health)));
    }
    if (runs('other')) await reservationRows(origin, staff, rows);
    if (web && runs('web')) await webRows(origin, setup, rows);
    await footprintRows(target, server.child.pid, rows);
  } finally {
    await stop(server.child);
  }
}

async function webRows(origin: string, setup: { label: string; itemId: string }, rows: Rows) {
  const file = path.join(root, 'scripts/bench-web.ts');
  if (!fs.existsSync(file)) {
    rows.set('web rows', 'skipped: scripts/bench-web.ts is not there yet');
    return;
  }
  try {
    const { benchWeb } = (await import('./bench-web.ts')) as {
      benchWeb(opts: {
        origin: string;
        labelCode: string;
        itemId: string;
      }): Promise<Array<{ what: string; sqlite: string }>>;
    };
    for (const row of await benchWeb({ origin, labelCode: setup.label, itemId: setup.itemId })) {
      rows.set(row.what, row.sqlite);
    }
  } catch (err) {
    rows.set('web rows', `failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

// ---------------------------------------------------------------------------- main

const benchStarted = performance.now();
const columns: Array<{ engine: string; rows: Rows }> = [];
if (!args['no-sqlite']) {
  const sqliteRows: Rows = new Map();
  await benchServer(await sqliteTarget(), sqliteRows, !args['no-web']);
  // Each engine's rows as soon as they are measured: a later failure does not lose them.
  console.error([...sqliteRows].map(([what, v]) => `SQLite | ${what} | ${v}`).join('\n'));
  columns.push({ engine: 'SQLite', rows: sqliteRows });
}
const serverUrl = process.env.DATABASE_URL;
// The web rows run on SQLite only: with --only web there is nothing to repeat.
if (serverUrl && /^postgres(ql)?:\/\//.test(serverUrl) && args.only !== 'web') {
  const pgRows: Rows = new Map();
  await benchServer(await postgresTarget(serverUrl), pgRows, false);
  console.error([...pgRows].map(([what, v]) => `PostgreSQL | ${what} | ${v}`).join('\n'));
  columns.push({ engine: 'PostgreSQL', rows: pgRows });
}
agent.destroy();

const load1 = os.loadavg()[0]!.toFixed(1);
console.log(
  `\n${ITEMS.toLocaleString()} items, npm start over HTTP, ${SECONDS} s per load row; load average ${load1} on ${os.cpus().length} CPUs (shared machine)\n`,
);
console.log(`| what | ${columns.map((c) => c.engine).join(' | ')} | goal |`);
console.log(`|---|${columns.map(() => '---').join('|')}|---|`);
for (const what of columns[0]?.rows.keys() ?? []) {
  const cells = columns.map((c) => c.rows.get(what) ?? '').join(' | ');
  console.log(`| ${what} | ${cells} | ${goalOf(what)} |`);
}
console.log(`\n(${((performance.now() - benchStarted) / 60_000).toFixed(1)} minutes)`);
