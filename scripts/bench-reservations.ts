// Reservation rows of `npm run bench` (docs/decisions.md, "Reservations: how availability is
// counted"), measured over HTTP against a server seeded with --jobs (2,000 jobs over five
// years): availability for a window (goal p95 ≤ 50 ms), a quarter's calendar (p95 ≤ 100 ms),
// and reserve + unreserve of a job with 500 named lines (≤ 200 ms each).
//
// On its own: `npx tsx scripts/bench-reservations.ts --data /tmp/folder [--items 100000]
// [--jobs 2000]` seeds that folder when it has no jobs yet, starts the app in-process and
// prints the rows.
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import { addDays } from '../src/common/reservations.ts';
import type { Calendar } from '../src/common/schemas/reservation.ts';

type Rows = Map<string, string>;

const RUNS = 40;

async function timed(
  url: string,
  init: RequestInit,
): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const res = await fetch(url, init);
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, body };
}

/** `runs` requests one after another: their times, and the process's CPU per request. */
async function measured(
  runs: number,
  request: (i: number) => ReturnType<typeof timed>,
): Promise<{ times: number[]; cpu: number }> {
  const times: number[] = [];
  const started = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const r = await request(i);
    if (r.status !== 200) throw new Error(`${r.status} ${r.body.slice(0, 200)}`);
    times.push(r.ms);
  }
  const cpu = process.cpuUsage(started);
  return { times, cpu: (cpu.user + cpu.system) / 1000 / runs };
}

const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)]!;
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** Adds the reservation rows to `rows`; `cookie` is a signed-in staff member's session. */
export async function reservationRows(origin: string, cookie: string, rows: Rows): Promise<void> {
  const headers = { cookie, origin, 'content-type': 'application/json' };
  const bare = { cookie, origin };
  const api = `${origin}/api/inventory`;
  const today = new Date().toISOString().slice(0, 10);
  const quarter = { from: today, to: addDays(today, 91) };
  const cal = await timed(`${api}/calendar?from=${quarter.from}&to=${quarter.to}`, { headers });
  if (cal.status !== 200) throw new Error(`calendar: ${cal.status} ${cal.body.slice(0, 200)}`);
  const jobs = (JSON.parse(cal.body) as Calendar).jobs;
  if (jobs.length === 0) {
    rows.set('reservations', 'skipped: no dated jobs (seed with --jobs 2000)');
    return;
  }

  // Wall clock, and the CPU this process spent per request (the app runs in it when the
  // script starts it): on a machine others load too, the CPU figure is the steadier one.
  const availability = await measured(RUNS, async (i) => {
    const from = addDays(today, (i * 7) % 300);
    return timed(`${api}/availability?from=${from}&to=${addDays(from, 6)}`, { headers });
  });
  const calendar = await measured(RUNS, async (i) => {
    const from = addDays(today, (i * 13) % 300);
    return timed(`${api}/calendar?from=${from}&to=${addDays(from, 91)}`, { headers });
  });
  rows.set(
    `reservations: availability for a week, all types: p95 (${RUNS} windows)`,
    `${ms(p95(availability.times))} (CPU ${ms(availability.cpu)} a request)`,
  );
  rows.set(
    `reservations: a quarter's calendar (${jobs.length} jobs now): p95 (${RUNS} quarters)`,
    `${ms(p95(calendar.times))} (CPU ${ms(calendar.cpu)} a request)`,
  );

  // The biggest future job that is not out: reserve it (overriding what the random seed
  // overbooked), unreserve it, a few times.
  const far = await timed(`${api}/calendar?from=${addDays(today, 1)}&to=${addDays(today, 399)}`, {
    headers,
  });
  const candidates = (JSON.parse(far.body) as Calendar).jobs
    .filter((j) => j.stage === 'planning' || j.stage === 'reserved')
    .sort((a, b) => b.items_count - a.items_count);
  const big = candidates[0];
  if (!big || big.items_count < 500) {
    rows.set('reservations: reserve of a 500-line job', 'skipped: no future job with 500 lines');
    return;
  }
  if (big.stage === 'reserved')
    await fetch(`${api}/manifests/${big.id}/unreserve`, { method: 'POST', headers: bare });
  const reserve: number[] = [];
  const unreserve: number[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await timed(`${api}/manifests/${big.id}/reserve`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ override: true, override_note: 'bench' }),
    });
    if (r.status !== 200) throw new Error(`reserve: ${r.status} ${r.body.slice(0, 200)}`);
    reserve.push(r.ms);
    const u = await timed(`${api}/manifests/${big.id}/unreserve`, {
      method: 'POST',
      headers: bare,
    });
    if (u.status !== 200) throw new Error(`unreserve: ${u.status} ${u.body.slice(0, 200)}`);
    unreserve.push(u.ms);
  }
  rows.set(
    `reservations: reserve a ${big.items_count}-line job: slowest of 5`,
    ms(Math.max(...reserve)),
  );
  rows.set(`reservations: unreserve it: slowest of 5`, ms(Math.max(...unreserve)));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string' },
      items: { type: 'string', default: '100000' },
      jobs: { type: 'string', default: '2000' },
    },
  });
  if (!values.data) throw new Error('--data <folder> is required');
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const env = {
    ...process.env,
    DATA_DIR: values.data,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
  };
  const { loadConfig } = await import('../src/server/config.ts');
  const { openDatabase } = await import('../src/server/db/connection.ts');
  const { migrateToLatest } = await import('../src/server/db/migrate.ts');
  const { buildApp } = await import('../src/server/app.ts');
  const { buildMember } = await import('../test/factories/members.ts');
  const handle = openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: values.data });
  await migrateToLatest(handle);
  const jobs = await handle.db
    .selectFrom('manifests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('window_from', 'is not', null)
    .executeTakeFirstOrThrow();
  await handle.db.destroy();
  if (Number(jobs.n) === 0) {
    console.error(`Seeding ${values.items} items and ${values.jobs} jobs ...`);
    const seeded = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/tsx/dist/cli.mjs'),
        'src/server/cli/seed.ts',
        ...['--items', values.items, '--jobs', values.jobs, '--seed', '7', '--reset'],
      ],
      { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (seeded.status !== 0) throw new Error('seeding failed');
  }
  // PUBLIC_URL must be the origin the requests come from (the cross-site write check).
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const publicUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    ...env,
    PUBLIC_URL: publicUrl,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(values.data, 'none'),
  });
  const app = await buildApp(config, {
    database: openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: values.data }),
  });
  await app.listen({ port, host: '127.0.0.1' });
  const origin = publicUrl;
  try {
    const staff = await buildMember(app, { role: 'staff' });
    const login = await fetch(`${origin}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ username: staff.email, password: staff.password }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const rows: Rows = new Map();
    await reservationRows(origin, cookie, rows);
    for (const [what, value] of rows) console.log(`${what.padEnd(80)} ${value}`);
  } finally {
    await app.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  await main();
}
