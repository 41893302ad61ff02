import { sql, type Kysely } from 'kysely';
import type { ItemComponent } from '../../../common/schemas/item-component.ts';
import type { Database } from '../../db/schema.ts';
import { countLinesRepo } from '../catalog/count-lines.repo.ts';

const lines = countLinesRepo<ItemComponent>('item_components');

export const itemComponentsRepo = {
  ...lines,

  /** Sorted by component name, ties by id so the order is stable. */
  async list(db: Kysely<Database>, itemId: string): Promise<ItemComponent[]> {
    const rows = await lines
      .select(db, itemId)
      .orderBy('components.name')
      .orderBy(sql.ref('item_components.component_id'))
      .execute();
    return rows as unknown as ItemComponent[];
  },
};
