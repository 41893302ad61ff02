import { sql, type Kysely } from 'kysely';
import type { ManifestComponent } from '../../../common/schemas/item-component.ts';
import type { Database } from '../../db/schema.ts';

export const allocationRepo = {
  async findManifest(db: Kysely<Database>, id: string) {
    return db
      .selectFrom('manifests')
      .select(['id', 'client_id'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /**
   * What a manifest's allocated items provide, per component type: each item of that
   * type counts 1, plus the counts of its item components (DECISIONS section 5). Only
   * items of `clientId` count when it is given. Summed in the database.
   */
  async componentTotals(
    db: Kysely<Database>,
    manifestId: string,
    clientId: string | null,
  ): Promise<ManifestComponent[]> {
    const ofClient = clientId === null ? sql`` : sql` AND i.client_id = ${clientId}`;
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
