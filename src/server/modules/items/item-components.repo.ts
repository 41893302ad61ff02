import type { Kysely } from 'kysely';
import type { ItemComponent } from '../../../common/schemas/item-component.ts';
import type { Database } from '../../db/schema.ts';
import { bumpVersion, rowsMatched, type ExpectedVersion } from '../../db/versioning.ts';

function rows(db: Kysely<Database>) {
  return db
    .selectFrom('item_components')
    .innerJoin('components', 'components.id', 'item_components.component_id')
    .select([
      'item_components.item_id',
      'item_components.component_id',
      'components.name as component_name',
      'item_components.count',
      'item_components.version',
    ]);
}

export const itemComponentsRepo = {
  /** Sorted by component name, ties by id so the order is stable. */
  async list(db: Kysely<Database>, itemId: string): Promise<ItemComponent[]> {
    return rows(db)
      .where('item_components.item_id', '=', itemId)
      .orderBy('components.name')
      .orderBy('item_components.component_id')
      .execute();
  },

  async find(
    db: Kysely<Database>,
    itemId: string,
    componentId: string,
  ): Promise<ItemComponent | undefined> {
    return rows(db)
      .where('item_components.item_id', '=', itemId)
      .where('item_components.component_id', '=', componentId)
      .executeTakeFirst();
  },

  async insert(
    db: Kysely<Database>,
    row: { item_id: string; component_id: string; count: number },
    now: string,
  ): Promise<void> {
    await db
      .insertInto('item_components')
      .values({ ...row, created_at: now, updated_at: now })
      .execute();
  },

  async setCount(
    db: Kysely<Database>,
    itemId: string,
    componentId: string,
    count: number,
    now: string,
    expected?: ExpectedVersion,
  ): Promise<boolean> {
    const query = db
      .updateTable('item_components')
      .set({ count, updated_at: now })
      .where('item_id', '=', itemId)
      .where('component_id', '=', componentId);
    return rowsMatched(await bumpVersion(query, expected).executeTakeFirst());
  },

  async delete(db: Kysely<Database>, itemId: string, componentId: string): Promise<void> {
    await db
      .deleteFrom('item_components')
      .where('item_id', '=', itemId)
      .where('component_id', '=', componentId)
      .execute();
  },
};

/** A duplicate key, as PostgreSQL (23505) or SQLite reports it. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}
