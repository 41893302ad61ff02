import type { Kysely } from 'kysely';
import type { DbHandle } from '../../db/connection.ts';
import type { Database, NewUser } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import { keyFromSrc, type FileStorage } from '../../lib/storage.ts';
import { itemChangesRepo } from '../../modules/items/item-changes.repo.ts';
import { generateActivity } from './activity.ts';
import { generateCatalog, iso, SEED_ANCHOR, type Catalog } from './catalog.ts';
import { ItemGenerator, type StoredMember } from './items.ts';
import { INVENTORY_TABLES, seedRepo } from './seed.repo.ts';
import { noProgress, type ProgressFactory } from '../progress.ts';
import { seedJobs } from './jobs.ts';

export interface SeedOptions {
  items: number;
  seed: number;
  /** Empty a database that already holds inventory first; refused without it. */
  reset: boolean;
  /** Dated jobs with reservations over five years (seed/jobs.ts); none when left out. */
  jobs?: number;
}

export interface SeedResult {
  counts: Record<string, number>;
  seconds: number;
}

/** The database holds inventory and --reset was not given; nothing was written. */
export class SeedRefusedError extends Error {}

/** Items per transaction: big enough to amortise commits, small enough to stream. */
const ITEMS_PER_TRANSACTION = 5000;

const REPORTED_TABLES = [
  'clients',
  'locations',
  'components',
  'manifests',
  'requirements',
  'items',
  'item_search',
  'item_components',
  'labels',
  'activity',
  'users',
  'reservations',
] as const satisfies ReadonlyArray<keyof Database>;

/**
 * Fills a migrated database with a construction studio's inventory. Reference data and
 * members go in one transaction, then the items in batches with their search
 * documents, components and labels, then the feed. Same seed, same data.
 */
export async function seedDatabase(
  database: DbHandle,
  options: SeedOptions,
  context: { storage?: FileStorage; log?: (line: string) => void; progress?: ProgressFactory } = {},
): Promise<SeedResult> {
  const { db, dialect } = database;
  const log = context.log ?? (() => {});
  const started = performance.now();
  const progress = context.progress ?? noProgress;

  const existing = await seedRepo.counts(db, INVENTORY_TABLES);
  const used = Object.entries(existing).filter(([, n]) => n > 0);
  if (used.length > 0) {
    if (!options.reset) {
      const what = used.map(([table, n]) => `${n} ${table}`).join(', ');
      throw new SeedRefusedError(
        `The database already holds inventory (${what}). Run again with --reset to empty it first; staff and admin members are kept.`,
      );
    }
    await reset(database, context.storage);
    log(`Emptied the inventory (--reset) in ${seconds(started)} s.`);
  }

  if (dialect === 'postgres') {
    // One transaction on PostgreSQL: the secondary indexes and foreign keys are dropped,
    // the data loaded and they are built once (docs/decisions.md, "A million items"). A failure leaves
    // the database as it was, indexes included; the cost is that the tables are locked
    // for the seed's length, which a demo or benchmark database can afford.
    await db.transaction().execute(async (trx) => {
      const dropped = await seedRepo.dropForBulkLoad(trx);
      await load(options, progress, started, log, (write) => write(trx));
      log(
        `  building ${dropped.indexes.length} indexes and ${dropped.foreignKeys.length} foreign keys (${seconds(started)} s)`,
      );
      await seedRepo.restoreAfterBulkLoad(trx, dropped);
    });
  } else {
    const settings = await seedRepo.prepareBulkLoad(db, dialect);
    try {
      await load(options, progress, started, log, (write) => db.transaction().execute(write));
    } finally {
      await seedRepo.finishBulkLoad(db, settings);
    }
  }
  await seedRepo.analyze(db, dialect);
  return { counts: await seedRepo.counts(db, REPORTED_TABLES), seconds: seconds(started) };
}

/** Runs one batch of writes: in a transaction of its own (SQLite) or in the load's one. */
type InBatch = <T>(write: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;

async function load(
  options: SeedOptions,
  progress: ProgressFactory,
  started: number,
  log: (line: string) => void,
  inBatch: InBatch,
): Promise<void> {
  const catalog = generateCatalog(options.seed);
  const staff = await insertCatalog(inBatch, catalog);

  const generator = new ItemGenerator(options.seed, catalog, staff, options.items);
  const items = progress('Seeding items', options.items, 'items');
  while (generator.remaining > 0) {
    const chunk = generator.next(ITEMS_PER_TRANSACTION);
    await inBatch(async (trx) => {
      await itemChangesRepo.bulkLoad(trx, chunk.items);
      await seedRepo.insert(trx, 'item_search', chunk.search);
      await seedRepo.insert(trx, 'item_components', chunk.itemComponents);
      await seedRepo.insert(trx, 'labels', chunk.labels);
    });
    items.advance(chunk.items.length);
  }
  items.finish();

  await inBatch((trx) => seedJobs(trx, options.seed, options.jobs ?? 0, log));

  const activity = generateActivity(options.seed, catalog, generator.stories, staff);
  await inBatch((trx) => seedRepo.insert(trx, 'activity', activity));
}

async function reset(database: DbHandle, storage: FileStorage | undefined): Promise<void> {
  const sources = await seedRepo.imageSources(database.db);
  await database.db.transaction().execute((trx) => seedRepo.reset(trx));
  // Files go only once the rows pointing at them are gone for good.
  for (const src of sources) {
    const key = keyFromSrc(src);
    if (key && storage) await storage.delete(key);
  }
}

/** Clients, locations, component types, manifests with requirements, and members. */
async function insertCatalog(inBatch: InBatch, catalog: Catalog): Promise<StoredMember[]> {
  // Seeded members exist to author the feed and scan items, not to sign in: they share
  // one hash of a random password that is never shown (`npm run admin` gives access).
  const passwordHash = await hashPassword(newId(24));
  const users: NewUser[] = catalog.members.map((m) => ({
    id: m.id,
    email: m.email,
    password_hash: passwordHash,
    is_admin: 0,
    client_id: m.clientIndex === null ? null : catalog.clients[m.clientIndex]!.id!,
    email_verified_at: m.created_at,
    created_at: m.created_at,
    updated_at: iso(SEED_ANCHOR),
  }));
  const ids = await inBatch(async (trx) => {
    await seedRepo.insert(trx, 'clients', catalog.clients);
    await seedRepo.insert(trx, 'locations', catalog.locations);
    await seedRepo.insert(trx, 'components', catalog.components);
    await seedRepo.insert(trx, 'manifests', catalog.manifests);
    await seedRepo.insert(trx, 'requirements', catalog.requirements);
    return seedRepo.upsertMembers(trx, users);
  });
  return catalog.members
    .filter((m) => m.clientIndex === null)
    .map((m) => ({ id: ids.get(m.email)!, email: m.email }));
}

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;
