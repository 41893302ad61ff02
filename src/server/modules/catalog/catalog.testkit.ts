/**
 * Test support shared by the catalog modules' tests (clients, locations, components,
 * manifests). Not a test file itself: vitest only runs *.test.ts.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { newId, nowIso } from '../../lib/ids.ts';
import type { Insertable, Selectable } from 'kysely';
import type { ItemsTable } from '../../db/schema.ts';

type ItemRow = Insertable<ItemsTable> & { id: string };

/**
 * An item row written straight to the table: the items module is built separately, and
 * these tests only need something that points at a client, location, manifest or type.
 */
export async function insertItem(
  app: FastifyInstance,
  fields: Partial<Omit<Insertable<ItemsTable>, 'id' | 'created_at' | 'updated_at'>> = {},
): Promise<Selectable<ItemsTable>> {
  const at = '2020-01-01T00:00:00.000Z';
  const row: ItemRow = {
    id: newId(),
    name: `Item ${newId(6)}`,
    note: 'kept as is',
    status: 'Crate',
    client_id: null,
    location_id: null,
    manifest_id: null,
    component_id: null,
    last_scanned_by: null,
    created_at: at,
    updated_at: at,
    ...fields,
  };
  await app.db.insertInto('items').values(row).execute();
  // As stored, with the columns the database fills in.
  return app.db.selectFrom('items').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
}

export async function insertItemComponent(
  app: FastifyInstance,
  itemId: string,
  componentId: string,
  count = 1,
): Promise<void> {
  const now = nowIso();
  await app.db
    .insertInto('item_components')
    .values({ item_id: itemId, component_id: componentId, count, created_at: now, updated_at: now })
    .execute();
}

export async function activityCount(app: FastifyInstance): Promise<number> {
  const row = await app.db
    .selectFrom('activity')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest feed row about one record. */
export async function lastActivityFor(app: FastifyInstance, sourceId: string) {
  return app.db
    .selectFrom('activity')
    .selectAll()
    .where('source_id', '=', sourceId)
    .orderBy('seq', 'desc')
    .executeTakeFirst();
}

/**
 * Runs `fn` while the activity table is missing, so every feed write fails: the change
 * it belongs to must then roll back with it. Renaming works the same on both engines.
 */
export async function withActivityBroken<T>(
  app: FastifyInstance,
  fn: () => Promise<T>,
): Promise<T> {
  await sql`alter table activity rename to activity_broken`.execute(app.db);
  try {
    return await fn();
  } finally {
    await sql`alter table activity_broken rename to activity`.execute(app.db);
  }
}

/** A JSON body with a __proto__ key, which JSON.stringify cannot produce. */
export function protoPayload(fields: Record<string, unknown>) {
  return {
    headers: { 'content-type': 'application/json' },
    payload: `${JSON.stringify(fields).slice(0, -1)},"__proto__":{"is_admin":true}}`,
  };
}

/** Bodies every name-only create or update must refuse with 400. */
export const BAD_NAME_BODIES: Array<{ body: unknown; message: RegExp }> = [
  { body: {}, message: /Name is required/ },
  { body: { name: '' }, message: /Name is required/ },
  { body: { name: '   ' }, message: /Name is required/ },
  { body: { name: null }, message: /Name is required/ },
  { body: { name: 42 }, message: /Name is required/ },
  { body: { name: 'x'.repeat(201) }, message: /Name is too long/ },
  { body: { name: 'Fine', is_admin: true }, message: /Unknown field: is_admin/ },
  { body: { name: 'Fine', id: 'chosen-by-me' }, message: /Unknown field: id/ },
  { body: ['Fine'], message: /./ },
];
