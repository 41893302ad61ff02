import { sql, type Kysely } from 'kysely';
import type { ManifestComponent } from '../../../common/schemas/item-component.ts';
import type { Database } from '../../db/schema.ts';
import { inScope, type Scope } from '../catalog/scope.ts';

export const allocationRepo = {
  /**
   * What a manifest's allocated items provide, per component type: each item of that
   * type counts 1, plus the counts of its item components. Only items in scope count.
   * Summed in the database.
   */
  async componentTotals(
    db: Kysely<Database>,
    manifestId: string,
    scope: Scope,
  ): Promise<ManifestComponent[]> {
    const ofClient = sql` AND ${inScope(scope, 'i.client_id')}`;
    const provided = sql<{ component_id: string; n: number }>`(
      SELECT i.component_id AS component_id, 1 AS n FROM items i
      WHERE i.manifest_id = ${manifestId} AND i.component_id IS NOT NULL${ofClient}
      UNION ALL
      SELECT ic.component_id AS component_id, ic.count AS n
      FROM item_components ic INNER JOIN items i ON i.id = ic.item_id
      WHERE i.manifest_id = ${manifestId}${ofClient}
    )`;
    const rows = await db
      .selectFrom(provided.as('p'))
      .innerJoin('components', 'components.id', 'p.component_id')
      .select([
        'components.id as component_id',
        'components.name as component_name',
        sql<number>`sum(p.n)`.as('count'),
      ])
      .groupBy(['components.id', 'components.name'])
      .orderBy('components.name')
      .orderBy('components.id')
      .execute();
    // PostgreSQL sums integers as bigint (or numeric), which arrive as strings.
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  },
};
