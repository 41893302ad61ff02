import { sql, type Kysely, type RawBuilder } from 'kysely';
import { MAX_CONTAINER_DEPTH } from '../../../common/round-trip.ts';
import { foldSearchField } from '../../../common/search.ts';
import type { Item } from '../../../common/schemas/item.ts';
import type { Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { inScope, scopeClientId, shownTo, type Scope } from '../catalog/scope.ts';
import { itemRows, orderByItemName, toItem } from '../items/items.repo.ts';

/**
 * Walks stop here even if the data ever held a loop, so no query can run away; the
 * service keeps real chains within MAX_CONTAINER_DEPTH.
 */
const WALK_LIMIT = MAX_CONTAINER_DEPTH * 2;

/**
 * A subquery of the ids of the items `roots` selects (a `(SELECT id FROM items ...)`) and
 * everything inside them at every level: one recursive query on both engines, usable in
 * `WHERE id IN (...)` so a container with hundreds of items moves in one statement.
 */
export function withContents(roots: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(WITH RECURSIVE tree(id, depth) AS (
      SELECT r.id, 0 FROM ${roots} r
      UNION ALL
      SELECT i.id, t.depth + 1 FROM items i INNER JOIN tree t ON i.container_id = t.id
      WHERE t.depth < ${sql.lit(WALK_LIMIT)}
    ) SELECT id FROM tree)`;
}

/** Everything inside one item, at every level, without the item itself. */
export function contentsOf(id: string): RawBuilder<unknown> {
  return sql`(WITH RECURSIVE tree(id, depth) AS (
      SELECT id, 1 FROM items WHERE container_id = ${id}
      UNION ALL
      SELECT i.id, t.depth + 1 FROM items i INNER JOIN tree t ON i.container_id = t.id
      WHERE t.depth < ${sql.lit(WALK_LIMIT)}
    ) SELECT id FROM tree)`;
}

/** Subqueries (in parentheses) that pick roots for withContents or an IN. */
export const oneItem = (id: string) => sql`(SELECT id FROM items WHERE id = ${id})`;
export const idList = (ids: string[]) => sql`(${sql.join(ids)})`;
export const directContentsOf = (id: string) =>
  sql`(SELECT id FROM items WHERE container_id = ${id})`;
export const onManifest = (id: string) => sql`(SELECT id FROM items WHERE manifest_id = ${id})`;

export interface ContainerRef {
  id: string;
  name: string | null;
  status: string | null;
}

export const containersRepo = {
  /**
   * The containers around an item, outermost first, as `scope` sees them: the walk up
   * stops at the first container outside the scope, as the item's own container_id
   * shows none (publicItemRows). The door's tree checks read it with EVERYTHING.
   */
  async chainAbove(db: Kysely<Database>, id: string, scope: Scope): Promise<ContainerRef[]> {
    const shown = (column: string) => shownTo(scopeClientId(scope), column);
    const { rows } = await sql<ContainerRef & { depth: number }>`
      WITH RECURSIVE up(id, depth) AS (
        SELECT c.id, 1 FROM items i INNER JOIN items c ON c.id = i.container_id
        WHERE i.id = ${id} AND ${shown('c.client_id')}
        UNION ALL
        SELECT c.id, u.depth + 1 FROM up u
        INNER JOIN items i ON i.id = u.id INNER JOIN items c ON c.id = i.container_id
        WHERE ${shown('c.client_id')} AND u.depth < ${sql.lit(WALK_LIMIT)}
      )
      SELECT items.id, items.name, items.status, up.depth
      FROM up INNER JOIN items ON items.id = up.id
      ORDER BY up.depth DESC`.execute(db);
    return rows.map(({ id: itemId, name, status }) => ({ id: itemId, name, status }));
  },

  /** How many levels the item's contents go down (0: nothing inside). */
  async levelsBelow(db: Kysely<Database>, id: string): Promise<number> {
    const { rows } = await sql<{ levels: number | null }>`
      WITH RECURSIVE tree(id, depth) AS (
        SELECT id, 1 FROM items WHERE container_id = ${id}
        UNION ALL
        SELECT i.id, t.depth + 1 FROM items i INNER JOIN tree t ON i.container_id = t.id
        WHERE t.depth < ${sql.lit(WALK_LIMIT)}
      ) SELECT max(depth) AS levels FROM tree`.execute(db);
    return Number(rows[0]?.levels ?? 0);
  },

  /** Whether `candidate` is the item itself or anywhere inside it. */
  async isSelfOrInside(db: Kysely<Database>, id: string, candidate: string): Promise<boolean> {
    if (id === candidate) return true;
    const row = await db
      .selectFrom('items')
      .select('id')
      .where('id', '=', candidate)
      .where(sql<boolean>`id IN ${contentsOf(id)}`)
      .executeTakeFirst();
    return Boolean(row);
  },

  /** Items directly inside (or, deep, at every level), sorted by name. */
  async contents(
    db: Kysely<Database>,
    dialect: Dialect,
    id: string,
    deep: boolean,
    scope: Scope,
  ): Promise<Item[]> {
    const query = itemRows(db, scopeClientId(scope))
      .$if(!deep, (qb) => qb.where('items.container_id', '=', id))
      .$if(deep, (qb) => qb.where(sql<boolean>`items.id IN ${contentsOf(id)}`))
      .where(inScope(scope, 'items.client_id'));
    return (await orderByItemName(query, dialect).execute()).map(toItem);
  },

  async countContents(db: Kysely<Database>, id: string): Promise<number> {
    const row = await db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(sql<boolean>`id IN ${contentsOf(id)}`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The location part of the search documents of `ids` (a subquery), set-based. */
  async refreshLocationSearch(
    db: Kysely<Database>,
    ids: RawBuilder<unknown>,
    locationId: string | null,
  ): Promise<void> {
    const location = locationId
      ? await db
          .selectFrom('locations')
          .select('name')
          .where('id', '=', locationId)
          .executeTakeFirst()
      : undefined;
    await db
      .updateTable('item_search')
      .set({ location_id: locationId, location_name: foldSearchField(location?.name) })
      .where(sql<boolean>`item_id IN ${ids}`)
      .execute();
  },

  /** The ids of the items directly inside `id`. */
  async directContentIds(db: Kysely<Database>, id: string): Promise<string[]> {
    const rows = await db.selectFrom('items').select('id').where('container_id', '=', id).execute();
    return rows.map((r) => r.id);
  },

  /**
   * Serialises changes to the container tree on PostgreSQL, so two concurrent moves
   * (A into B, B into A) cannot both pass the loop check. SQLite runs one write
   * transaction at a time already.
   */
  async lockTree(db: Kysely<Database>, dialect: Dialect): Promise<void> {
    if (dialect === 'postgres') {
      await sql`SELECT pg_advisory_xact_lock(${sql.lit(606_006)})`.execute(db);
    }
  },
};
