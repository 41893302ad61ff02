import { sql, type Kysely } from 'kysely';
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

  /** Gives manifest `toId` the same required counts as `fromId`, in one statement. */
  async copy(db: Kysely<Database>, fromId: string, toId: string, now: string): Promise<void> {
    // Cast: PostgreSQL cannot type a bare parameter in a select list.
    const text = (value: string) => sql<string>`cast(${value} as text)`;
    await db
      .insertInto('requirements')
      .columns(['manifest_id', 'component_id', 'count', 'created_at', 'updated_at'])
      .expression(
        db
          .selectFrom('requirements')
          .select([
            text(toId).as('manifest_id'),
            'component_id',
            'count',
            text(now).as('created_at'),
            text(now).as('updated_at'),
          ])
          .where('manifest_id', '=', fromId),
      )
      .execute();
  },
};
