import fs from 'node:fs';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase, type DbHandle } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createLocalStorage, type FileStorage } from '../lib/storage.ts';
import { seedDatabase, SeedRefusedError, type SeedOptions } from './seed/run.ts';

export const USAGE = `Usage: npm run seed -- [--items <n>] [--seed <n>] [--reset]

Fills the database with a construction studio's inventory for demos and benchmarks:
40 clients, 25 locations, 59 component types, 300 manifests with requirements, staff
and client members, the items with notes, components and labels, and an activity feed.

  --items <n>   how many items (default 1000, at most 1000000)
  --seed <n>    a whole number; the same seed gives the same data (default: random,
                printed so the run can be repeated)
  --reset       empty the inventory first (clients, locations, components, manifests,
                items, labels, images, client members and the feed; staff and admins
                are kept). Without it, a database that holds inventory is left alone.
  --help        show this text

It uses the same database as the server: DATABASE_URL, or the SQLite file in DATA_DIR,
migrated first.`;

const MAX_ITEMS = 1_000_000;

export interface SeedCommandOptions {
  /** The environment to read DATA_DIR and DATABASE_URL from; process.env by default. */
  env?: NodeJS.ProcessEnv;
  /** An open database to use (and leave open) instead of the configured one. */
  database?: DbHandle;
  storage?: FileStorage;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

type Parsed = { help: true } | SeedOptions | { error: string };

export function parseSeedArgs(argv: string[]): Parsed {
  let values: { items?: string; seed?: string; reset?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        items: { type: 'string' },
        seed: { type: 'string' },
        reset: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
  if (values.help) return { help: true };
  const items = wholeNumber(values.items ?? '1000');
  if (items === null || items > MAX_ITEMS) {
    return { error: `--items must be a whole number from 0 to ${MAX_ITEMS}.` };
  }
  const seed = values.seed === undefined ? randomInt(1, 2 ** 31) : wholeNumber(values.seed);
  if (seed === null) return { error: '--seed must be a whole number.' };
  return { items, seed, reset: values.reset ?? false };
}

function wholeNumber(text: string): number | null {
  if (!/^\d{1,10}$/.test(text.trim())) return null;
  return Number(text.trim());
}

/** The whole command; returns the exit code, so tests can run it without a process. */
export async function runSeedCommand(
  argv: string[],
  options: SeedCommandOptions = {},
): Promise<number> {
  const out = options.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = options.err ?? ((line: string) => process.stderr.write(`${line}\n`));
  const args = parseSeedArgs(argv);
  if ('help' in args) {
    out(USAGE);
    return 0;
  }
  if ('error' in args) {
    err(`${args.error}\n\n${USAGE}`);
    return 1;
  }

  let database = options.database;
  let storage = options.storage;
  try {
    if (!database) {
      const env = options.env ?? process.env;
      const config = loadConfig({ DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL });
      database = openDatabase(config);
      storage ??= createLocalStorage(path.join(config.dataDir, 'uploads'));
      out(
        `Database: ${database.dialect === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${path.join(config.dataDir, 'yardkeep.sqlite')}`}`,
      );
    }
    await migrateToLatest(database);
    out(`Seeding ${args.items} items with --seed ${args.seed} ...`);
    const result = await seedDatabase(database, args, { storage, log: out });
    const counts = Object.entries(result.counts)
      .map(([table, n]) => `${table} ${n}`)
      .join(', ');
    out(`Done in ${result.seconds} s: ${counts}.`);
    return 0;
  } catch (error) {
    if (error instanceof SeedRefusedError) {
      err(error.message);
      return 1;
    }
    err(`The seed command failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    if (database && !options.database) await database.db.destroy();
  }
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return fs.realpathSync(entry) === fs.realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  process.exitCode = await runSeedCommand(process.argv.slice(2));
}
