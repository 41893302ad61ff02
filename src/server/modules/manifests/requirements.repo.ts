import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { countLinesRepo } from '../catalog/count-lines.repo.ts';
import { nameSortKeys } from '../catalog/named.repo.ts';

export interface RequirementRow {
  manifest_id: string;
  component_id: string;
  component_name: string;
  count: number;
  version: number;
}

const lines = countLinesRepo<RequirementRow>('requirements');

export const requirementsRepo = {
  ...lines,

  async list(
    db: Kysely<Database>,
    dialect: Dialect,
    manifestId: string,
  ): Promise<RequirementRow[]> {
    const [folded, exact] = nameSortKeys(dialect, 'components.name');
    return lines
      .select(db, manifestId)
      .orderBy(folded)
      .orderBy(exact)
      .orderBy('requirements.component_id')
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
};
