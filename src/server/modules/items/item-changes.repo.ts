import { sql, type Insertable, type Kysely, type RawBuilder, type Updateable } from 'kysely';
import { MAX_CONTAINER_DEPTH } from '../../../common/round-trip.ts';
import { batches, bulkBatches, readInBatches } from '../../db/batches.ts';
import type { Database, ItemsTable } from '../../db/schema.ts';
import { bumpVersion, updateVersioned, type ExpectedVersion } from '../../db/versioning.ts';
import { BARE_COLUMNS, type ItemValues } from './items.repo.ts';

/** An item's stored row as the door checks a change against it. */
export type StoredItem = ItemValues & { id: string; out_at: string | null };

/** Walks stop here even if the data ever held a loop. */
const WALK_LIMIT = MAX_CONTAINER_DEPTH * 2;

/** Sets `values` on the items of `ids`, a batch per statement, moving no version: not an edit. */
async function setUnversioned(
  db: Kysely<Database>,
  ids: readonly string[],
  values: Updateable<ItemsTable>,
): Promise<void> {
  for (const batch of batches(ids)) {
    await db.updateTable('items').set(values).where('id', 'in', batch).execute();
  }
}

/**
 * The door's SQL (item-changes.service.ts, item-set-changes.service.ts): what it reads
 * about the tree, and every statement in the server that writes the items table.
 */
export const itemChangesRepo = {
  async stored(db: Kysely<Database>, ids: string[]): Promise<StoredItem[]> {
    return readInBatches([...new Set(ids)], (batch) =>
      db.selectFrom('items').select(BARE_COLUMNS).where('id', 'in', batch).execute(),
    );
  },

  /** For each of `ids` that holds anything: how many levels its contents go down. */
  async levelsBelow(db: Kysely<Database>, ids: string[]): Promise<Map<string, number>> {
    const levels = new Map<string, number>();
    for (const batch of batches([...new Set(ids)])) {
      const { rows } = await sql<{ root: string; levels: number }>`
        WITH RECURSIVE tree(root, id, depth) AS (
          SELECT container_id, id, 1 FROM items WHERE container_id IN (${sql.join(batch)})
          UNION ALL
          SELECT t.root, i.id, t.depth + 1 FROM items i INNER JOIN tree t ON i.container_id = t.id
          WHERE t.depth < ${sql.lit(WALK_LIMIT)}
        ) SELECT root, max(depth) AS levels FROM tree GROUP BY root`.execute(db);
      for (const row of rows) levels.set(row.root, Number(row.levels));
    }
    return levels;
  },

  /** New items, many rows per INSERT; their containers are set once every row exists. */
  async insert(
    db: Kysely<Database>,
    rows: Array<{ id: string; values: ItemValues }>,
    now: string,
  ): Promise<void> {
    for (const batch of batches(rows)) {
      await db
        .insertInto('items')
        .values(
          batch.map(({ id, values }) => ({
            id,
            ...values,
            last_scanned_by: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
  },

  /** Puts new items into their containers: one UPDATE per container. */
  async setContainers(
    db: Kysely<Database>,
    rows: Array<{ id: string; containerId: string }>,
  ): Promise<void> {
    const byContainer = new Map<string, string[]>();
    for (const r of rows)
      byContainer.set(r.containerId, [...(byContainer.get(r.containerId) ?? []), r.id]);
    for (const [containerId, ids] of byContainer) {
      await setUnversioned(db, ids, { container_id: containerId });
    }
  },

  /**
   * Writes editable fields of one item and bumps its version; with `expected`, only while
   * the item is still at that version. False when no row matched (gone, or changed meanwhile).
   */
  async update(
    db: Kysely<Database>,
    id: string,
    values: Partial<ItemValues>,
    now: string,
    expected?: ExpectedVersion,
  ): Promise<boolean> {
    return updateVersioned(db, 'items', id, values, now, expected);
  },

  /**
   * Gives every item `ids` selects (a subquery in parentheses) the same values in one
   * UPDATE. Their versions move with it, so a form still showing one of them is stale.
   * Returns how many items changed.
   */
  async updateSet(
    db: Kysely<Database>,
    ids: RawBuilder<unknown>,
    values: Updateable<ItemsTable>,
  ): Promise<number> {
    const query = db
      .updateTable('items')
      .set(values)
      .where(sql<boolean>`id IN ${ids}`);
    return Number((await bumpVersion(query, undefined).executeTakeFirst()).numUpdatedRows);
  },

  /**
   * Moves updated_at only, of one item or many: labels, images, components or a scan
   * changed, not the item's fields.
   */
  async touch(db: Kysely<Database>, ids: string | readonly string[], now: string): Promise<void> {
    await setUnversioned(db, typeof ids === 'string' ? [ids] : ids, { updated_at: now });
  },

  /** Who scanned the item last: not a field anyone edits, so no version moves. */
  async setLastScanner(db: Kysely<Database>, itemId: string, userId: string): Promise<void> {
    await setUnversioned(db, [itemId], { last_scanned_by: userId });
  },

  /**
   * A finished stock-take counted them (docs/decisions.md, "Stock-takes"): bookkeeping like
   * the last scanner, not an edit, so versions stay and no open form goes stale.
   */
  async setLastCounted(db: Kysely<Database>, ids: readonly string[], now: string): Promise<void> {
    await setUnversioned(db, ids, { last_counted_at: now });
  },

  /**
   * Removes an item with what hangs on it: labels are freed (they are reusable
   * stickers), images and item components go. Returns the image sources so their files
   * can be removed once the transaction has committed.
   */
  async deleteWithDependents(
    db: Kysely<Database>,
    id: string,
    now: string,
  ): Promise<{ src: string; thumbnail_src: string | null }[]> {
    await db
      .updateTable('labels')
      .set({ item_id: null, updated_at: now })
      .where('item_id', '=', id)
      .execute();
    const images = await db
      .selectFrom('images')
      .select(['src', 'thumbnail_src'])
      .where('item_id', '=', id)
      .execute();
    await db.deleteFrom('images').where('item_id', '=', id).execute();
    await db.deleteFrom('item_components').where('item_id', '=', id).execute();
    await db.deleteFrom('item_search').where('item_id', '=', id).execute();
    await db.deleteFrom('items').where('id', '=', id).execute();
    return images;
  },

  /**
   * The seed's bulk load (src/server/cli/seed): generated rows, complete with search
   * documents written beside them, many per INSERT. Not a path users take: the generator
   * builds trees and stages that hold by construction, and checking a million rows one
   * by one would cost the seed its time budget (docs/decisions.md, "One door for item changes").
   */
  async bulkLoad(db: Kysely<Database>, rows: ReadonlyArray<Insertable<ItemsTable>>) {
    for (const batch of bulkBatches(rows)) await db.insertInto('items').values(batch).execute();
  },

  /** The seed's --reset: every item goes (their dependents first, by the caller). */
  async deleteAll(db: Kysely<Database>): Promise<void> {
    await db.deleteFrom('items').execute();
  },
};
