import type { Kysely, Updateable, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Optimistic concurrency, in one place for every repository (docs/decisions.md, "Versions
 * and conflicts"). Each editable table has an integer `version` column (migration 003).
 */

/** The version an edit was made from; undefined when the caller sent none (last writer wins). */
export type ExpectedVersion = number | undefined;

interface VersionedRow {
  version: number;
}
type AnyVersionedUpdate = UpdateQueryBuilder<{ t: VersionedRow }, 't', 't', UpdateResult>;

/**
 * Compare-and-swap: the update bumps the row's version and, when the caller sent one,
 * matches the row only while it is still at that version. Checked by the database in the
 * same statement, so two concurrent saves from the same version cannot both succeed.
 * Use `rowsMatched` on the result: false means gone or stale.
 */
export function bumpVersion<QB>(query: QB, expected: ExpectedVersion): QB {
  let q = (query as unknown as AnyVersionedUpdate).set((eb) => ({
    version: eb('version', '+', 1),
  }));
  if (expected !== undefined) q = q.where('version', '=', expected);
  return q as unknown as QB;
}

export function rowsMatched(result: UpdateResult): boolean {
  return Number(result.numUpdatedRows) > 0;
}

/** The tables whose rows forms edit by id, from a version. */
export type VersionedTable = 'items' | 'manifests' | 'clients' | 'locations' | 'components';

/**
 * Writes fields of one row by id, moving its updated_at and version; with `expected`,
 * only while the row is still at that version. False when no row matched (gone, or
 * changed meanwhile).
 */
export async function updateVersioned<T extends VersionedTable>(
  db: Kysely<Database>,
  table: T,
  id: string,
  values: Updateable<Database[T]>,
  now: string,
  expected: ExpectedVersion,
): Promise<boolean> {
  // Kysely cannot type an update over a union of tables; every one has id and updated_at.
  const query = db
    .updateTable(table as 'manifests')
    .set({ ...values, updated_at: now } as Updateable<Database['manifests']>)
    .where('id', '=', id);
  return rowsMatched(await bumpVersion(query, expected).executeTakeFirst());
}
