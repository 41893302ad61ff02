// Replays issue 25's finding 4 against the whole server stack (app.inject): anonymous
// POST /api/inventory/scan/{code} from one address, each with a fresh 200-character
// Idempotency-Key, half of them for an attached label. Prints how many were answered,
// how many were refused (429), and what the database grew by: idempotency keys, feed
// entries and rate-limit counters. SQLite by default, PostgreSQL with DATABASE_URL.
//
//   npx tsx scripts/bench-anonymous-scans.ts [--requests 2000]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import type { Database } from '../src/server/db/schema.ts';
import { generateLabelCode } from '../src/server/lib/label-codes.ts';
import { buildItem } from '../test/factories/items.ts';
import { buildLabel } from '../test/factories/labels.ts';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '2000' } } });
const REQUESTS = Number(values.requests);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-bench-scans-'));
const databaseUrl = process.env.DATABASE_URL;
const handle = openDatabase({ databaseUrl, dataDir });
await migrateToLatest(handle);
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WEB_DIST: `${dataDir}/none`,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const app = await buildApp(config, { database: handle });
await app.ready();
const item = await buildItem(app, { name: 'Scanned crate' });
const label = await buildLabel(app, { item_id: item.id });

const count = async (db: Kysely<Database>, table: keyof Database) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const tables = ['idempotency_keys', 'activity', 'rate_limits'] as const;
const before = Object.fromEntries(
  await Promise.all(tables.map(async (t) => [t, await count(app.db, t)])),
);

const statuses = new Map<number, number>();
const started = performance.now();
for (let i = 0; i < REQUESTS; i++) {
  const code = i % 2 ? label.id : generateLabelCode();
  const res = await app.inject({
    method: 'POST',
    url: `/api/inventory/scan/${code}`,
    remoteAddress: '198.51.100.7',
    headers: { 'idempotency-key': `${i}-`.padEnd(200, 'k') },
  });
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
}
const seconds = (performance.now() - started) / 1000;
console.log(
  `${databaseUrl ? 'PostgreSQL' : 'SQLite'}: ${REQUESTS} anonymous scans from one address`,
);
console.log(`  answers: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}`);
console.log(`  ${Math.round(REQUESTS / seconds)} requests/s through app.inject`);
for (const table of tables) {
  console.log(`  ${table}: +${(await count(app.db, table)) - before[table]} rows`);
}
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
