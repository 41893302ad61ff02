import type { Kysely } from 'kysely';
import type { DbHandle } from '../../db/connection.ts';
import type { Database, NewUser } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import { keyFromSrc, type FileStorage } from '../../lib/storage.ts';
import { itemChangesRepo } from '../../modules/items/item-changes.repo.ts';
import { generateActivity } from './activity.ts';
import { generateCatalog, iso, SEED_ANCHOR, type Catalog } from './catalog.ts';
import { ItemGenerator, type ItemChunk, type StoredMember } from './items.ts';
import { INVENTORY_TABLES, seedRepo, type Dropped } from './seed.repo.ts';
import { noProgress, type ProgressFactory } from '../../lib/progress.ts';
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

/** Items generated and inserted at a time: few statements, little memory. */
const ITEMS_PER_BATCH = 5000;

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
 * Fills a migrated database with a construction studio's inventory, in one transaction:
 * reference data and members, then the items in batches with their search documents,
 * components and labels, then jobs and the feed. Same seed, same data.
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

  // One transaction: the secondary indexes, foreign keys (PostgreSQL) and the triggers of
  // the search documents (SQLite's FTS, PostgreSQL's words) are dropped, the data loaded
  // and they are built once (docs/decisions.md, "Seeding a million items"). A failure
  // leaves the database as it was, indexes included; the cost is that the tables are
  // locked (SQLite: the database is locked for writes) for the seed's length, which a demo
  // or benchmark database can afford.
  const settings = await seedRepo.prepareBulkLoad(db, dialect);
  try {
    await db.transaction().execute(async (trx) => {
      const dropped = await seedRepo.dropForBulkLoad(trx, dialect);
      await load(trx, options, progress, log);
      log(`  building ${describe(dropped)} (${seconds(started)} s)`);
      // At a million items this takes minutes: it shows its own progress.
      const steps =
        dropped.indexes.length +
        dropped.foreignKeys.length +
        dropped.triggers.length +
        dropped.ftsTables.length +
        Number(dropped.searchWords);
      const building = progress('Building indexes', steps, 'steps');
      await seedRepo.restoreAfterBulkLoad(trx, dropped, () => building.advance());
      building.finish();
    });
  } finally {
    await seedRepo.finishBulkLoad(db, settings);
  }
  await seedRepo.analyze(db, dialect);
  return { counts: await seedRepo.counts(db, REPORTED_TABLES), seconds: seconds(started) };
}

/** Generates and inserts everything, a batch of items at a time, in the caller's transaction. */
async function load(
  trx: Kysely<Database>,
  options: SeedOptions,
  progress: ProgressFactory,
  log: (line: string) => void,
): Promise<void> {
  const catalog = generateCatalog(options.seed);
  const staff = await insertCatalog(trx, catalog);

  const generator = new ItemGenerator(options.seed, catalog, staff, options.items);
  const items = progress('Seeding items', options.items, 'items');
  let chunk: ItemChunk | null = generator.next(ITEMS_PER_BATCH);
  while (chunk) {
    const inserted = insertChunk(trx, chunk);
    // PostgreSQL stores this batch while the next one is made (a turn of the event loop
    // sends the first statement); SQLite, in this thread, has finished it by then.
    await new Promise((resolve) => setImmediate(resolve));
    const next = generator.remaining > 0 ? generator.next(ITEMS_PER_BATCH) : null;
    await inserted;
    items.advance(chunk.items.length);
    chunk = next;
  }
  items.finish();

  await seedJobs(trx, options.seed, options.jobs ?? 0, log);

  const activity = generateActivity(options.seed, catalog, generator.stories, staff);
  await seedRepo.insert(trx, 'activity', activity);
}

async function insertChunk(trx: Kysely<Database>, chunk: ItemChunk): Promise<void> {
  await itemChangesRepo.bulkLoad(trx, chunk.items);
  await seedRepo.insert(trx, 'item_search', chunk.search);
  await seedRepo.insert(trx, 'item_components', chunk.itemComponents);
  await seedRepo.insert(trx, 'labels', chunk.labels);
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
async function insertCatalog(trx: Kysely<Database>, catalog: Catalog): Promise<StoredMember[]> {
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
  await seedRepo.insert(trx, 'clients', catalog.clients);
  await seedRepo.insert(trx, 'locations', catalog.locations);
  await seedRepo.insert(trx, 'components', catalog.components);
  await seedRepo.insert(trx, 'manifests', catalog.manifests);
  await seedRepo.insert(trx, 'requirements', catalog.requirements);
  const ids = await seedRepo.upsertMembers(trx, users);
  return catalog.members
    .filter((m) => m.clientIndex === null)
    .map((m) => ({ id: ids.get(m.email)!, email: m.email }));
}

/** "19 indexes, 3 triggers and 1 full-text table" or "23 indexes and 10 foreign keys". */
function describe(dropped: Dropped): string {
  const parts = [
    [dropped.indexes.length, 'index', 'indexes'],
    [dropped.foreignKeys.length, 'foreign key', 'foreign keys'],
    [dropped.triggers.length, 'trigger', 'triggers'],
    [dropped.ftsTables.length, 'full-text table', 'full-text tables'],
    [Number(dropped.searchWords), 'list of words', 'lists of words'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  return said.length > 1
    ? `${said.slice(0, -1).join(', ')} and ${said.at(-1)}`
    : (said[0] ?? 'nothing');
}

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;
