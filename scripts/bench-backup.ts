// Times `npm run backup` and `npm run restore` on a seeded database of 100,000 items.
//
//   npx tsx scripts/bench-backup.ts [--seed-dir DIR] [--items 100000] [--files 200]
//
// SQLite: a backup of the seed, then a restore of it into a new SQLite file. With
// DATABASE_URL=postgres://... also: that backup restored into a new PostgreSQL database
// (the move up), a backup of PostgreSQL, and its restore into another new one. Temporary
// databases and folders are removed afterwards.
//
// --seed-dir reuses a DATA_DIR seeded with `npm run seed` (migrated first, as npm start
// would); without it a temporary one is seeded (about 30 s). --files adds that many
// uploaded files of 150 KB, so the copy of uploads is part of the figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../src/server/backup/restore-backup.ts';
import { takeBackup, type BackupSource } from '../src/server/backup/take-backup.ts';
import { seedDatabase } from '../src/server/cli/seed/run.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { createLocalStorage } from '../src/server/lib/storage-local.ts';
import { storeNew } from '../src/server/lib/storage.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers/database.ts';

const { values } = parseArgs({
  options: {
    'seed-dir': { type: 'string' },
    items: { type: 'string', default: '100000' },
    files: { type: 'string', default: '200' },
  },
});

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-bench-backup-'));
const cleanups: Array<() => Promise<void>> = [];
const figures: Array<{ step: string; seconds: string; cpu: string; detail: string }> = [];

async function timed<T>(step: string, run: () => Promise<T>, detail: (r: T) => string) {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = await run();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  // This process's CPU time: on a shared machine less noisy than the wall clock (a
  // PostgreSQL server's own work is not in it).
  const used = process.cpuUsage(cpuBefore);
  const cpu = ((used.user + used.system) / 1e6).toFixed(1);
  figures.push({ step, seconds, cpu, detail: detail(result) });
  console.log(`${step}: ${seconds} s, ${cpu} s CPU (${detail(result)})`);
  return result;
}

function sizeOf(folder: string): string {
  let bytes = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else bytes += fs.statSync(full).size;
    }
  };
  walk(folder);
  return `${(bytes / 1e6).toFixed(0)} MB`;
}

async function seedSource(): Promise<BackupSource> {
  const seedDir = values['seed-dir'];
  const dataDir = seedDir ? path.resolve(seedDir) : path.join(scratch, 'seed');
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  cleanups.push(() => database.db.destroy());
  await migrateToLatest(database);
  if (!seedDir) {
    await timed(
      'seed',
      () => seedDatabase(database, { items: Number(values.items), seed: 7, reset: false }),
      (r) => `${r.counts.items} items`,
    );
  }
  const uploads = createLocalStorage(path.join(dataDir, 'uploads'));
  const have = fs.readdirSync(path.join(dataDir, 'uploads')).length;
  for (let i = have; i < Number(values.files); i++) {
    await storeNew(uploads, randomBytes(150_000), 'jpg');
  }
  return { database, dataDir };
}

async function emptyTarget(engine: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  const target = await createTestDatabase({ engine, migrate: false });
  cleanups.push(() => target.drop());
  return target;
}

const rowsIn = (m: { tables: Array<{ rows: number }> }) =>
  `${m.tables.reduce((sum, t) => sum + t.rows, 0)} rows`;

try {
  const source = await seedSource();
  const sqliteBackup = path.join(scratch, 'sqlite-backup');
  const manifest = await timed(
    'backup, SQLite',
    () => takeBackup(source, sqliteBackup),
    (m) => `${rowsIn(m)}, ${m.files.length} files, ${sizeOf(sqliteBackup)}`,
  );
  const sqliteTarget = await emptyTarget('sqlite');
  await timed(
    'restore, SQLite → SQLite',
    () =>
      restoreBackup(sqliteBackup, { database: sqliteTarget.handle, dataDir: sqliteTarget.dataDir }),
    (r) => `${r.rows} rows, ${r.files} files`,
  );

  if (process.env.DATABASE_URL) {
    const pgTarget = await emptyTarget('postgres');
    const pgSource = { database: pgTarget.handle, dataDir: pgTarget.dataDir };
    await timed(
      'restore, SQLite → PostgreSQL',
      () => restoreBackup(sqliteBackup, pgSource),
      (r) => `${r.rows} rows, ${r.files} files`,
    );
    const pgBackup = path.join(scratch, 'pg-backup');
    await timed(
      'backup, PostgreSQL',
      () => takeBackup(pgSource, pgBackup),
      (m) => `${rowsIn(m)}, ${m.files.length} files, ${sizeOf(pgBackup)}`,
    );
    const pgAgain = await emptyTarget('postgres');
    await timed(
      'restore, PostgreSQL → PostgreSQL',
      () => restoreBackup(pgBackup, { database: pgAgain.handle, dataDir: pgAgain.dataDir }),
      (r) => `${r.rows} rows, ${r.files} files`,
    );
  }
  console.log(
    `\n${manifest.tables.find((t) => t.name === 'items')?.rows ?? 0} items; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)} (a shared machine)`,
  );
  console.table(figures);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  fs.rmSync(scratch, { recursive: true, force: true });
}
