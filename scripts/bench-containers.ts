// Times moving, allocating, dispatching and returning a container with 500 items inside
// (3 levels: a pallet holding 20 crates of 24 items), each one request through the whole
// server stack (app.inject: routing, session, validation, SQL, serialization).
//
//   npx tsx scripts/bench-containers.ts [--background 20000] [--runs 15]
//
// SQLite always (a temporary file); PostgreSQL too when DATABASE_URL=postgres://... is
// set (a temporary database, dropped afterwards). The database first gets `background`
// other items from the data generator, so the set-based updates run among realistic rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { seedDatabase } from '../src/server/cli/seed/run.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type DbHandle } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { newId } from '../src/server/lib/ids.ts';
import { createItem } from '../src/server/modules/items/items.service.ts';
import { createManifest } from '../src/server/modules/manifests/manifests.service.ts';
import { locationsService } from '../src/server/modules/locations/locations.service.ts';
import { buildMember } from '../test/factories/members.ts';
import { loginWith } from '../test/helpers/app.ts';

const { values } = parseArgs({
  options: {
    background: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '15' },
  },
});
const BACKGROUND = Number(values.background);
const RUNS = Number(values.runs);
const CRATES = 20;
const PER_CRATE = 24;

interface Target {
  engine: 'sqlite' | 'postgres';
  handle: DbHandle;
  dataDir: string;
  drop(): Promise<void>;
}

async function sqliteTarget(): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-bench-containers-'));
  const handle = openDatabase({ databaseUrl: undefined, dataDir });
  return {
    engine: 'sqlite',
    handle,
    dataDir,
    drop: async () => {
      await handle.db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgresTarget(serverUrl: string): Promise<Target> {
  const name = `yardkeep_bench_${newId(8).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-bench-containers-'));
  const handle = openDatabase({ databaseUrl: url.toString(), dataDir });
  return {
    engine: 'postgres',
    handle,
    dataDir,
    drop: async () => {
      await handle.db.destroy();
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95), max: sorted.at(-1)! };
};

async function timed(
  app: FastifyInstance,
  cookie: string,
  method: 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  const started = performance.now();
  const res = await app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return { ms, body: res.json() as Record<string, unknown> };
}

async function bench(target: Target): Promise<void> {
  await migrateToLatest(target.handle);
  if (BACKGROUND > 0) {
    await seedDatabase(target.handle, { items: BACKGROUND, seed: 7, reset: false });
  }
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
    const north = await locationsService.create(app, 'Bench Yard North', null);
    const south = await locationsService.create(app, 'Bench Yard South', null);
    const pallet = await createItem(
      app,
      { name: 'Bench pallet', status: 'Pallet', location_id: north.id },
      staff,
    );
    for (let c = 0; c < CRATES; c++) {
      const crate = await createItem(
        app,
        { name: `Bench crate ${c}`, status: 'Crate', container_id: pallet.id },
        staff,
      );
      for (let i = 0; i < PER_CRATE; i++) {
        await createItem(app, { name: `Bench piece ${c}-${i}`, container_id: crate.id }, staff);
      }
    }

    const times: Record<string, number[]> = {
      move: [],
      allocate: [],
      deallocate: [],
      dispatch: [],
      return: [],
    };
    let inside = 0;
    for (let run = 0; run < RUNS; run++) {
      const to = run % 2 === 0 ? south.id : north.id;
      const moved = await timed(app, cookie, 'PUT', `/api/inventory/items/${pallet.id}`, {
        location_id: to,
      });
      times.move!.push(moved.ms);

      const job = await createManifest(app, { name: `Bench job ${run}` }, staff);
      const allocated = await timed(app, cookie, 'POST', '/api/inventory/allocate', {
        id: pallet.id,
        manifest_id: job.id,
      });
      times.allocate!.push(allocated.ms);
      inside = Number(allocated.body.contents_count);
      if (run % 2 === 1) {
        // Half the runs time taking it off again; the others go out and come back.
        times.deallocate!.push(
          (
            await timed(app, cookie, 'PUT', `/api/inventory/items/${pallet.id}`, {
              manifest_id: null,
            })
          ).ms,
        );
        continue;
      }
      times.dispatch!.push(
        (await timed(app, cookie, 'POST', `/api/inventory/manifests/${job.id}/dispatch`)).ms,
      );
      const back = await timed(app, cookie, 'POST', `/api/inventory/manifests/${job.id}/returns`, {
        item_id: pallet.id,
        location_id: north.id,
        condition: 'ok',
      });
      if (back.body.contents_count !== inside)
        throw new Error(`returned ${String(back.body.contents_count)} of ${inside}`);
      times.return!.push(back.ms);
    }

    console.log(
      `\n### ${target.engine}: a pallet with ${inside} items inside (3 levels), ${BACKGROUND} other items`,
    );
    console.log('| request | runs | median ms | p95 ms | max ms |');
    console.log('|---|---|---|---|---|');
    const labels: Record<string, string> = {
      move: 'PUT item location (moves everything inside)',
      allocate: 'POST /allocate (allocates everything inside)',
      deallocate: 'PUT item manifest_id null',
      dispatch: 'POST /manifests/:id/dispatch',
      return: 'POST /manifests/:id/returns (returns everything inside)',
    };
    for (const [key, ms] of Object.entries(times)) {
      const s = stats(ms);
      console.log(
        `| ${labels[key]} | ${ms.length} | ${s.median.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.max.toFixed(1)} |`,
      );
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
