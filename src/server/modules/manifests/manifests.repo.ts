import { sql, type Insertable, type Kysely } from 'kysely';
import type { Dialect } from '../../db/connection.ts';
import type { Database, ManifestsTable } from '../../db/schema.ts';
import { updateVersioned, type ExpectedVersion } from '../../db/versioning.ts';
import { nameSortKeys } from '../catalog/named.repo.ts';
import { updateItems } from '../items/items.repo.ts';
import { inScope, type Scope } from '../catalog/scope.ts';

export interface ManifestRow {
  id: string;
  name: string;
  note: string | null;
  status: string | null;
  client_id: string | null;
  client_name: string | null;
  stage: string;
  out_date: string | null;
  due_date: string | null;
  prep_days: number;
  turnaround_days: number;
  version: number;
  updated_at: string;
}

/** The manifests in scope, with their client's name. */
function selectManifests(db: Kysely<Database>, scope: Scope) {
  return db
    .selectFrom('manifests')
    .leftJoin('clients', 'clients.id', 'manifests.client_id')
    .select([
      'manifests.id',
      'manifests.name',
      'manifests.note',
      'manifests.status',
      'manifests.client_id',
      'clients.name as client_name',
      'manifests.stage',
      'manifests.out_date',
      'manifests.due_date',
      'manifests.prep_days',
      'manifests.turnaround_days',
      'manifests.version',
      'manifests.updated_at',
    ])
    .where(inScope(scope, 'manifests.client_id'));
}

export type ManifestChanges = Partial<
  Pick<ManifestsTable, 'name' | 'note' | 'status' | 'client_id' | 'out_date' | 'due_date'> & {
    prep_days: number;
    turnaround_days: number;
  }
>;

export const manifestsRepo = {
  async list(db: Kysely<Database>, dialect: Dialect, scope: Scope): Promise<ManifestRow[]> {
    const [folded, exact] = nameSortKeys(dialect, 'manifests.name');
    return selectManifests(db, scope)
      .orderBy(folded)
      .orderBy(exact)
      .orderBy('manifests.id')
      .execute();
  },

  async find(db: Kysely<Database>, id: string, scope: Scope): Promise<ManifestRow | undefined> {
    return selectManifests(db, scope).where('manifests.id', '=', id).executeTakeFirst();
  },

  async insert(db: Kysely<Database>, row: Insertable<ManifestsTable>): Promise<void> {
    await db.insertInto('manifests').values(row).execute();
  },

  /**
   * Writes editable fields and bumps the version; with `expected`, only while the manifest
   * is still at that version. False when no row matched (gone, or changed meanwhile).
   */
  async update(
    db: Kysely<Database>,
    id: string,
    changes: ManifestChanges,
    now: string,
    expected?: ExpectedVersion,
  ): Promise<boolean> {
    return updateVersioned(db, 'manifests', id, changes, now, expected);
  },

  /**
   * Stores the held window the service computed from the dates (windowOf in
   * src/common/reservations.ts): not a versioned field, it follows the dates.
   */
  async setWindow(
    db: Kysely<Database>,
    id: string,
    window: { from: string; to: string } | null,
  ): Promise<void> {
    await db
      .updateTable('manifests')
      .set({ window_from: window?.from ?? null, window_to: window?.to ?? null })
      .where('id', '=', id)
      .execute();
  },

  /** Moves the stage (reserve, unreserve) and the version with it. */
  async setStage(db: Kysely<Database>, id: string, stage: string, now: string): Promise<void> {
    await db
      .updateTable('manifests')
      .set((eb) => ({ stage, updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .execute();
  },

  /** Moves updated_at only: a requirement changed, not the manifest's own fields. */
  async touch(db: Kysely<Database>, id: string, now: string): Promise<void> {
    await db.updateTable('manifests').set({ updated_at: now }).where('id', '=', id).execute();
  },

  /**
   * Takes every item off the manifest; the items keep everything else. Their manifest_id
   * changed, so their versions move (a form still showing the manifest is stale).
   */
  async unallocateItems(db: Kysely<Database>, id: string, now: string): Promise<number> {
    return updateItems(db, sql<boolean>`manifest_id = ${id}`, {
      manifest_id: null,
      updated_at: now,
    });
  },

  async delete(db: Kysely<Database>, id: string): Promise<void> {
    await db.deleteFrom('manifests').where('id', '=', id).execute();
  },
};
