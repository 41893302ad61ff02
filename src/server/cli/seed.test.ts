import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeLabelCode } from '../../common/label-code.ts';
import { STATUSES } from '../../common/status.ts';
import { useTestApp } from '../../../test/helpers/app.ts';
import { buildMember } from '../../../test/factories/members.ts';
import { isStored, keyFromSrc } from '../lib/storage.ts';
import { refreshItemSearch } from '../modules/items/search.repo.ts';
import { parseSeedArgs, runSeedCommand } from './seed.ts';
import { generateCatalog } from './seed/catalog.ts';
import { ItemGenerator } from './seed/items.ts';

const output: string[] = [];
const errors: string[] = [];

function seed(...argv: string[]) {
  output.length = 0;
  errors.length = 0;
  return runSeedCommand(argv, {
    database: t.database.handle,
    storage: t.app.storage,
    out: (line) => output.push(line),
    err: (line) => errors.push(line),
  });
}

async function count(table: 'items' | 'labels' | 'activity' | 'users' | 'item_search') {
  const row = await t.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const t = useTestApp();

describe('npm run seed: arguments', () => {
  it('refuses what is not a whole number of items, or an unknown option', () => {
    expect(parseSeedArgs(['--items', 'lots'])).toEqual({
      error: '--items must be a whole number from 0 to 1000000.',
    });
    expect(parseSeedArgs(['--items', '-5'])).toHaveProperty('error');
    expect(parseSeedArgs(['--items', '2000000'])).toHaveProperty('error');
    expect(parseSeedArgs(['--seed', '1.5'])).toEqual({ error: '--seed must be a whole number.' });
    expect(parseSeedArgs(['--force'])).toHaveProperty('error');
  });

  it('defaults to 1000 items, no reset, and a random seed', () => {
    const parsed = parseSeedArgs([]) as { items: number; reset: boolean; seed: number };
    expect(parsed.items).toBe(1000);
    expect(parsed.reset).toBe(false);
    expect(Number.isInteger(parsed.seed)).toBe(true);
    expect(parseSeedArgs(['--items', '5', '--seed', '9', '--reset'])).toEqual({
      items: 5,
      seed: 9,
      reset: true,
    });
  });
});

describe('npm run seed -- --items 500', () => {
  let admin: Awaited<ReturnType<typeof buildMember>>;
  let pragmasBefore: { synchronous: number; cacheSize: number } | undefined;
  const sqlitePragmas = async () => ({
    synchronous: (await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(t.app.db)).rows[0]!
      .synchronous,
    cacheSize: (await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(t.app.db)).rows[0]!
      .cache_size,
  });

  beforeAll(async () => {
    // A member made before the seed, as the first start makes an admin.
    admin = await t.build.member({ role: 'admin' });
    if (t.app.dialect === 'sqlite') pragmasBefore = await sqlitePragmas();
    expect(await seed('--items', '500', '--seed', '42')).toBe(0);
  });

  it('fills every table with the planned amounts', async () => {
    expect(errors).toEqual([]);
    expect(output.at(-1)).toMatch(/^Done in [\d.]+ s: clients 40, locations 25, components 59/);
    const db = t.app.db;
    const n = async (table: 'clients' | 'locations' | 'components' | 'manifests') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await n('clients')).toBe(40);
    expect(await n('locations')).toBe(25);
    expect(await n('components')).toBe(59);
    expect(await n('manifests')).toBe(300);
    expect(await count('items')).toBe(500);
    expect(await count('item_search')).toBe(500);
    const activity = await count('activity');
    expect(activity).toBeGreaterThan(1000);
    expect(activity).toBeLessThan(5000);
    // 8 staff and 5 client users, plus the admin made before.
    expect(await count('users')).toBe(14);
    const requirements = await db.selectFrom('requirements').select('count').execute();
    expect(requirements.length).toBeGreaterThan(300);
    expect(requirements.every((r) => r.count >= 1)).toBe(true);
    const parts = await db.selectFrom('item_components').select('count').execute();
    expect(parts.length).toBeGreaterThan(20);
    expect(parts.every((p) => Number.isInteger(p.count) && p.count >= 1)).toBe(true);
  });

  it('writes items that look like a studio inventory', async () => {
    const items = await t.app.db.selectFrom('items').selectAll().execute();
    expect(items.every((i) => i.status === null || STATUSES.includes(i.status as never))).toBe(
      true,
    );
    expect(items.filter((i) => i.name && /^Crate \d{4} — /.test(i.name)).length).toBeGreaterThan(
      50,
    );
    const notes = items.map((i) => i.note);
    expect(notes.filter((note) => note === null).length).toBeGreaterThan(100);
    expect(notes.filter((note) => note !== null && note.length > 100).length).toBeGreaterThan(20);
    expect(items.filter((i) => i.client_id).length).toBeGreaterThan(350);
    expect(items.filter((i) => i.manifest_id).length).toBeGreaterThan(60);
    expect(items.filter((i) => i.last_scanned_by).length).toBeGreaterThan(40);
    expect(items.every((i) => i.updated_at >= i.created_at)).toBe(true);
  });

  it('gives every label a unique, well-formed code; some are free', async () => {
    const labels = await t.app.db.selectFrom('labels').select(['id', 'item_id']).execute();
    expect(labels.length).toBeGreaterThan(350);
    expect(new Set(labels.map((l) => l.id)).size).toBe(labels.length);
    expect(labels.every((l) => normalizeLabelCode(l.id) === l.id)).toBe(true);
    expect(labels.some((l) => l.item_id === null)).toBe(true);
  });

  it('writes the search document exactly as the items module does', async () => {
    const sample = await t.app.db
      .selectFrom('item_search')
      .selectAll()
      .orderBy('item_id')
      .limit(60)
      .execute();
    for (const row of sample) await refreshItemSearch(t.app.db, row.item_id);
    const refreshed = await t.app.db
      .selectFrom('item_search')
      .selectAll()
      .orderBy('item_id')
      .limit(60)
      .execute();
    expect(refreshed).toEqual(sample);
    expect(sample.some((row) => row.last_scanned_by_email !== null)).toBe(true);
  });

  it('makes seeded items findable by name and by label', async () => {
    const staff = await t.loginAs('staff');
    const item = await t.app.db
      .selectFrom('items')
      .innerJoin('labels', 'labels.item_id', 'items.id')
      .select(['items.id', 'items.name', 'labels.id as code'])
      .where('items.name', 'like', 'Crate %')
      .orderBy('items.id')
      .executeTakeFirstOrThrow();
    for (const q of [item.name!, item.code.toLowerCase()]) {
      const res = await t.inject(staff, {
        method: 'GET',
        url: `/api/inventory/items?q=${encodeURIComponent(q)}&limit=5`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().items[0].id).toBe(item.id);
    }
    const crates = await t.inject(staff, {
      method: 'GET',
      url: '/api/inventory/items?q=crate&limit=1',
    });
    expect(crates.json().total).toBeGreaterThan(50);
  });

  it('refuses to seed a database that holds inventory, and changes nothing', async () => {
    const before = [await count('items'), await count('labels'), await count('activity')];
    expect(await seed('--items', '10', '--seed', '1')).toBe(1);
    expect(errors.join('\n')).toMatch(
      /^The database already holds inventory \(40 clients, 25 locations, 59 components, 300 manifests, 500 items, \d+ labels\)\. Run again with --reset/,
    );
    expect([await count('items'), await count('labels'), await count('activity')]).toEqual(before);
  });

  it('puts the SQLite connection back as the server configured it', async () => {
    if (t.app.dialect !== 'sqlite') return;
    // The bulk load ran with synchronous OFF and a large cache; a server sharing the
    // connection (the benchmark does) must not keep running that way.
    expect(pragmasBefore!.synchronous).toBe(2); // FULL, as db/connection.ts sets it
    expect(await sqlitePragmas()).toEqual(pragmasBefore);
  });

  it('with --reset, empties the inventory first and keeps staff and admins', async () => {
    const item = await t.app.db.selectFrom('items').select('id').executeTakeFirstOrThrow();
    const image = await t.build.image(item.id);
    const key = keyFromSrc(image.src)!;
    expect(await isStored(t.app.storage, key)).toBe(true);
    const users = await count('users');
    expect(await seed('--items', '20', '--seed', '42', '--reset')).toBe(0);
    expect(await count('items')).toBe(20);
    expect(await count('item_search')).toBe(20);
    expect(await isStored(t.app.storage, key)).toBe(false);
    const emails = (await t.app.db.selectFrom('users').select('email').execute()).map(
      (u) => u.email,
    );
    expect(emails).toContain(admin.email);
    // Seeded staff were kept and reused, client users deleted and made again.
    expect(emails.length).toBe(users);
    expect(new Set(emails).size).toBe(users);
  });
});

describe('the generator', () => {
  const staff = [{ id: 'staff1', email: 'a@studio.example' }];

  it('makes the same data from the same seed, and other data from another', () => {
    const run = (seed: number) =>
      new ItemGenerator(seed, generateCatalog(seed), staff, 200).next(200);
    expect(run(7)).toEqual(run(7));
    expect(generateCatalog(7)).toEqual(generateCatalog(7));
    expect(run(8).items[0]!.id).not.toBe(run(7).items[0]!.id);
  });

  it('makes the same first items whatever the number asked for', () => {
    const small = new ItemGenerator(3, generateCatalog(3), staff, 10).next(10);
    const large = new ItemGenerator(3, generateCatalog(3), staff, 1000).next(10);
    expect(large.items.map((i) => i.name)).toEqual(small.items.map((i) => i.name));
  });
});
