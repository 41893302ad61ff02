/**
 * Test support shared by the catalog modules' tests (clients, locations, components,
 * manifests). Not a test file itself: vitest only runs *.test.ts.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

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
