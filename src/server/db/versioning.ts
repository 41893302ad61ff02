import type { UpdateQueryBuilder, UpdateResult } from 'kysely';

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
