import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { updateRows } from '../../db/rows.ts';

/** Which periodic work, and which instance holds (or wants) it. */
export interface Lease {
  name: string;
  holder: string;
}

/** A step on a lease row at `now`; `until` is the new lease end or next run time. */
type LeaseStep<R> = (db: Kysely<Database>, lease: Lease, now: string, until: string) => Promise<R>;

/**
 * The lease rows of periodic work (lib/leases/periodic.ts). Each statement is a single
 * compare-and-set, so it is atomic on both engines without a lock of its own: of several
 * instances trying at once, one updates the row and the others update nothing.
 */
export const leasesRepo = {
  /** Takes the work if it is due and nobody holds it; true when this instance got it. */
  async claim(db, { name, holder }, now, leaseUntil): Promise<boolean> {
    const claimed = async () => {
      const result = await db
        .updateTable('leases')
        .set({ holder, lease_until: leaseUntil })
        .where('name', '=', name)
        .where('next_run_at', '<=', now)
        .where('lease_until', '<=', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    };
    if (await claimed()) return true;
    // The first time anyone runs this work its row does not exist yet.
    const inserted = await db
      .insertInto('leases')
      .values({ name, holder: null, lease_until: '', next_run_at: '' })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1 ? claimed() : false;
  },

  /** Extends a lease still held; false when it was lost (expired and taken over). */
  async renew(db, { name, holder }, now, leaseUntil): Promise<boolean> {
    const result = await db
      .updateTable('leases')
      .set({ lease_until: leaseUntil })
      .where('name', '=', name)
      .where('holder', '=', holder)
      .where('lease_until', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Hands the work back, not due again before `nextRunAt`. */
  async release(db, { name, holder }, now, nextRunAt): Promise<void> {
    await updateRows(db, 'leases', { name, holder }, { lease_until: now, next_run_at: nextRunAt });
  },

  async find(db: Kysely<Database>, name: string) {
    return db.selectFrom('leases').selectAll().where('name', '=', name).executeTakeFirst();
  },
} satisfies {
  claim: LeaseStep<boolean>;
  renew: LeaseStep<boolean>;
  release: LeaseStep<void>;
  find: unknown;
};
