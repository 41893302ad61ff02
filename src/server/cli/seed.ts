import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { migrateToLatest } from '../db/migrate.ts';
import {
  argumentsOrExit,
  commandIo,
  isEntryPoint,
  openConfiguredDatabase,
  type CommandOptions,
} from './cli-kit.ts';
import { dataDirStorage, type FileStorage } from '../lib/storage.ts';
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

export interface SeedCommandOptions extends CommandOptions {
  storage?: FileStorage;
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
  const io = commandIo(options);
  const { out, err } = io;
  const args = argumentsOrExit(parseSeedArgs(argv), USAGE, io);
  if (typeof args === 'number') return args;

  let database = options.database;
  let storage = options.storage;
  try {
    if (!database) {
      const opened = openConfiguredDatabase(options.env ?? process.env, io);
      database = opened.database;
      storage ??= dataDirStorage(opened.dataDir);
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

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await runSeedCommand(process.argv.slice(2));
}
