import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { bumpVersion, rowsMatched, type ExpectedVersion } from '../../db/versioning.ts';
import { nameSortKeys } from '../catalog/named.repo.ts';

export interface RequirementRow {
  manifest_id: string;
  component_id: string;
  component_name: string;
  count: number;
  version: number;
}

function selectRequirements(db: Kysely<Database>, manifestId: string) {
  return db
    .selectFrom('requirements')
    .innerJoin('components', 'components.id', 'requirements.component_id')
    .select([
      'requirements.manifest_id',
      'requirements.component_id',
      'components.name as component_name',
      'requirements.count',
      'requirements.version',
    ])
    .where('requirements.manifest_id', '=', manifestId);
}

export const requirementsRepo = {
  async list(
    db: Kysely<Database>,
    dialect: Dialect,
    manifestId: string,
  ): Promise<RequirementRow[]> {
    const [folded, exact] = nameSortKeys(dialect, 'components.name');
    return selectRequirements(db, manifestId)
      .orderBy(folded)
      .orderBy(exact)
      .orderBy('requirements.component_id')
      .execute();
  },

  async find(
    db: Kysely<Database>,
    manifestId: string,
    componentId: string,
  ): Promise<RequirementRow | undefined> {
    return selectRequirements(db, manifestId)
      .where('requirements.component_id', '=', componentId)
      .executeTakeFirst();
  },

  async insert(
    db: Kysely<Database>,
    row: { manifest_id: string; component_id: string; count: number },
    now: string,
  ): Promise<void> {
    await db
      .insertInto('requirements')
      .values({ ...row, created_at: now, updated_at: now })
      .execute();
  },

  async setCount(
    db: Kysely<Database>,
    manifestId: string,
    componentId: string,
    count: number,
    now: string,
    expected?: ExpectedVersion,
  ): Promise<boolean> {
    const query = db
      .updateTable('requirements')
      .set({ count, updated_at: now })
      .where('manifest_id', '=', manifestId)
      .where('component_id', '=', componentId);
    return rowsMatched(await bumpVersion(query, expected).executeTakeFirst());
  },

  async delete(db: Kysely<Database>, manifestId: string, componentId: string): Promise<void> {
    await db
      .deleteFrom('requirements')
      .where('manifest_id', '=', manifestId)
      .where('component_id', '=', componentId)
      .execute();
  },

  async deleteAll(db: Kysely<Database>, manifestId: string): Promise<void> {
    await db.deleteFrom('requirements').where('manifest_id', '=', manifestId).execute();
  },

  /** Gives manifest `toId` the same required counts as `fromId`. */
  async copy(db: Kysely<Database>, fromId: string, toId: string, now: string): Promise<void> {
    const rows = await db
      .selectFrom('requirements')
      .select(['component_id', 'count'])
      .where('manifest_id', '=', fromId)
      .execute();
    if (rows.length === 0) return;
    await db
      .insertInto('requirements')
      .values(
        rows.map((r) => ({
          manifest_id: toId,
          component_id: r.component_id,
          count: r.count,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  },

  async componentExists(db: Kysely<Database>, componentId: string): Promise<boolean> {
    const row = await db
      .selectFrom('components')
      .select('id')
      .where('id', '=', componentId)
      .executeTakeFirst();
    return Boolean(row);
  },
};
