import { randomInt } from 'node:crypto';
import {
  argumentsOrExit,
  commandIo,
  isEntryPoint,
  parseCommandArgs,
  runOnDatabase,
  type CommandOptions,
} from './cli-kit.ts';
import { dataDirStorage, type FileStorage } from '../lib/storage.ts';
import { seedDatabase, SeedRefusedError, type SeedOptions } from './seed/run.ts';

export const USAGE = `Usage: npm run seed -- [--items <n>] [--jobs <n>] [--seed <n>] [--reset]

Fills the database with a construction studio's inventory for demos and benchmarks:
40 clients, 25 locations, 59 component types, 300 manifests with requirements, staff
and client members, the items with notes, components and labels, and an activity feed.

  --items <n>   how many items (default 1000, at most 1000000)
  --jobs <n>    also this many dated jobs over five years around today, with
                requirements and reservations (default 0, at most 100000)
  --seed <n>    a whole number; the same seed gives the same data (default: random,
                printed so the run can be repeated)
  --reset       empty the inventory first (clients, locations, components, manifests,
                items, labels, images, client members and the feed; staff and admins
                are kept). Without it, a database that holds inventory is left alone.
  --help        show this text

It uses the same database as the server: DATABASE_URL, or the SQLite file in DATA_DIR,
migrated first.`;

const MAX_ITEMS = 1_000_000;
const MAX_JOBS = 100_000;

export interface SeedCommandOptions extends CommandOptions {
  storage?: FileStorage;
}

type Parsed = { help: true } | SeedOptions | { error: string };

export function parseSeedArgs(argv: string[]): Parsed {
  const parsed = parseCommandArgs<{
    items?: string;
    jobs?: string;
    seed?: string;
    reset?: boolean;
  }>(argv, {
    items: { type: 'string' },
    jobs: { type: 'string' },
    seed: { type: 'string' },
    reset: { type: 'boolean' },
  });
  if (!('values' in parsed)) return parsed;
  const { values } = parsed;
  const items = wholeNumber(values.items ?? '1000');
  if (items === null || items > MAX_ITEMS) {
    return { error: `--items must be a whole number from 0 to ${MAX_ITEMS}.` };
  }
  const jobs = wholeNumber(values.jobs ?? '0');
  if (jobs === null || jobs > MAX_JOBS) {
    return { error: `--jobs must be a whole number from 0 to ${MAX_JOBS}.` };
  }
  const seed = values.seed === undefined ? randomInt(1, 2 ** 31) : wholeNumber(values.seed);
  if (seed === null) return { error: '--seed must be a whole number.' };
  return { items, seed, reset: values.reset ?? false, ...(jobs > 0 ? { jobs } : {}) };
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

  return runOnDatabase(options, io, 'seed', async (database, dataDir) => {
    // The server's uploads folder when the command opened the server's database itself.
    const storage =
      options.storage ?? (dataDir === undefined ? undefined : dataDirStorage(dataDir));
    out(`Seeding ${args.items} items with --seed ${args.seed} ...`);
    try {
      const result = await seedDatabase(database, args, { storage, log: out });
      const counts = Object.entries(result.counts)
        .map(([table, n]) => `${table} ${n}`)
        .join(', ');
      out(`Done in ${result.seconds} s: ${counts}.`);
      return 0;
    } catch (error) {
      if (!(error instanceof SeedRefusedError)) throw error;
      err(error.message);
      return 1;
    }
  });
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await runSeedCommand(process.argv.slice(2));
}
