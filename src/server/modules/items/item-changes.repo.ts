import { sql, type Insertable, type Kysely, type RawBuilder, type Updateable } from 'kysely';
import { MAX_CONTAINER_DEPTH } from '../../../common/round-trip.ts';
import { BATCH_SIZE, batches, readInBatches } from '../../db/batches.ts';
import { bulkInsert } from '../../db/bulk-insert.ts';
import type { Database, ItemsTable } from '../../db/schema.ts';
import { bumpVersion, type ExpectedVersion } from '../../db/versioning.ts';
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

/** One existing item's edit: the fields to set (absent ones stay), from a version or not. */
export interface ItemUpdate {
  id: string;
  values: Partial<ItemValues>;
  expected?: ExpectedVersion;
}

const EDITABLE_COLUMNS = BARE_COLUMNS.filter(
  (c): c is keyof ItemValues => c !== 'id' && c !== 'out_at',
);

const isEditable = (key: string) => (EDITABLE_COLUMNS as readonly string[]).includes(key);

/**
 * Consecutive runs of the edits, at most a batch each, an id at most once per run: an
 * item edited twice is written twice, in order, as one edit after the other.
 */
function updateBatches(updates: readonly ItemUpdate[]): ItemUpdate[][] {
  const out: ItemUpdate[][] = [];
  let run: ItemUpdate[] = [];
  const ids = new Set<string>();
  for (const update of updates) {
    if (run.length >= BATCH_SIZE || ids.has(update.id)) {
      out.push(run);
      run = [];
      ids.clear();
    }
    run.push(update);
    ids.add(update.id);
  }
  if (run.length > 0) out.push(run);
  return out;
}

/** `CASE id WHEN … THEN … ELSE <otherwise> END` over the rows that carry a value. */
function byId<T>(pairs: Array<[string, unknown]>, otherwise: RawBuilder<T>): RawBuilder<T> {
  const whens = pairs.map(([id, value]) => sql`WHEN ${id} THEN ${value}`);
  return sql<T>`CASE id ${sql.join(whens, sql` `)} ELSE ${otherwise} END`;
}

/**
 * One UPDATE for a batch of distinct items: each column some row changes is set by id,
 * the others' keep theirs; the version check is the same compare-and-swap as
 * `updateVersioned`, row by row. Returns the ids it matched.
 */
async function updateBatch(db: Kysely<Database>, batch: ItemUpdate[], now: string) {
  const set: Record<string, RawBuilder<unknown>> = {};
  const stray = batch.flatMap((u) => Object.keys(u.values)).find((k) => !isEditable(k));
  if (stray) throw new Error(`Not an item field: ${stray}`);
  for (const column of EDITABLE_COLUMNS) {
    const pairs = batch.flatMap((u): Array<[string, unknown]> =>
      u.values[column] === undefined ? [] : [[u.id, u.values[column]]],
    );
    if (pairs.length > 0) set[column] = byId(pairs, sql.ref(column));
  }
  let query = bumpVersion(
    db
      .updateTable('items')
      .set({ ...set, updated_at: now })
      .where(
        'id',
        'in',
        batch.map((u) => u.id),
      ),
    undefined,
  );
  const versions = batch.flatMap((u): Array<[string, unknown]> =>
    u.expected === undefined ? [] : [[u.id, u.expected]],
  );
  if (versions.length > 0)
    query = query.where('version', '=', byId(versions, sql.ref<number>('version')));
  return query.returning('id').execute();
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
   * Writes edits of existing items, a batch of rows per UPDATE, and bumps their versions;
   * a row sent with `expected` is matched only while the item is still at that version.
   * Returns the ids no row matched (gone, or changed meanwhile) of the first batch that
   * had any, in the order given: the caller throws, and its transaction writes nothing.
   */
  async updateMany(
    db: Kysely<Database>,
    updates: readonly ItemUpdate[],
    now: string,
  ): Promise<string[]> {
    for (const batch of updateBatches(updates)) {
      const matched = new Set((await updateBatch(db, batch, now)).map((r) => r.id));
      const missed = batch.filter((u) => !matched.has(u.id)).map((u) => u.id);
      if (missed.length > 0) return missed;
    }
    return [];
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
   * documents written beside them, many per statement. Not a path users take: the generator
   * builds trees and stages that hold by construction, and checking a million rows one
   * by one would cost the seed its time budget (docs/decisions.md, "One door for item changes").
   */
  async bulkLoad(db: Kysely<Database>, rows: ReadonlyArray<Insertable<ItemsTable>>) {
    await bulkInsert(db, 'items', rows);
  },

  /** The seed's --reset: every item goes (their dependents first, by the caller). */
  async deleteAll(db: Kysely<Database>): Promise<void> {
    await db.deleteFrom('items').execute();
  },
};
