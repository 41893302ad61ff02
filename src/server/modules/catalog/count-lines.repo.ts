import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { bumpVersion, rowsMatched, type ExpectedVersion } from '../../db/versioning.ts';

/** A count of one component type on its owner: an item's components, a manifest's needs. */
export type CountLineTable = 'item_components' | 'requirements';

type Timestamps = { created_at: string; updated_at: string };

const OWNER_COLUMN = { item_components: 'item_id', requirements: 'manifest_id' } as const;

/**
 * Item components and manifest requirements are one shape: per owner (an item, a
 * manifest), a versioned count of each component type. They share these queries. Kysely
 * cannot type a query over a union of table names; as the two tables differ only in the
 * owner's column name, `requirements` stands in for both, and `Row` is the caller's
 * answer type (its owner key named as the table names it).
 */
export function countLinesRepo<Row>(table: CountLineTable) {
  const t = table as 'requirements';
  const owner = OWNER_COLUMN[table] as 'manifest_id';

  /** The owner's lines with their component type's name; the caller adds the order. */
  const select = (db: Kysely<Database>, ownerId: string) =>
    db
      .selectFrom(t)
      .innerJoin('components', 'components.id', `${t}.component_id`)
      .select([
        `${t}.${owner}`,
        `${t}.component_id`,
        'components.name as component_name',
        `${t}.count`,
        `${t}.version`,
      ])
      .where(`${t}.${owner}`, '=', ownerId);

  return {
    select,

    async find(
      db: Kysely<Database>,
      ownerId: string,
      componentId: string,
    ): Promise<Row | undefined> {
      const row = await select(db, ownerId)
        .where(`${t}.component_id`, '=', componentId)
        .executeTakeFirst();
      return row as Row | undefined;
    },

    async insert(
      db: Kysely<Database>,
      ownerId: string,
      line: { component_id: string; count: number },
      now: string,
    ): Promise<void> {
      await db
        .insertInto(t)
        .values({
          [owner]: ownerId,
          component_id: line.component_id,
          count: line.count,
          created_at: now,
          updated_at: now,
        } as { manifest_id: string; component_id: string; count: number } & Timestamps)
        .execute();
    },

    /** False when no row matched: gone, or no longer at the `expected` version. */
    async setCount(
      db: Kysely<Database>,
      ownerId: string,
      componentId: string,
      count: number,
      now: string,
      expected?: ExpectedVersion,
    ): Promise<boolean> {
      const query = db
        .updateTable(t)
        .set({ count, updated_at: now })
        .where(owner, '=', ownerId)
        .where('component_id', '=', componentId);
      return rowsMatched(await bumpVersion(query, expected).executeTakeFirst());
    },

    async delete(db: Kysely<Database>, ownerId: string, componentId: string): Promise<void> {
      await db
        .deleteFrom(t)
        .where(owner, '=', ownerId)
        .where('component_id', '=', componentId)
        .execute();
    },
  };
}
