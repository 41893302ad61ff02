import { sql, type Kysely } from 'kysely';
import { MAX_CONTAINER_DEPTH } from '../../../common/round-trip.ts';
import { batches, readInBatches } from '../../db/batches.ts';
import type { Database } from '../../db/schema.ts';
import { BARE_COLUMNS, type ItemValues } from './items.repo.ts';

/** An item's stored row as the door checks a change against it. */
export type StoredItem = ItemValues & { id: string; out_at: string | null };

/** Walks stop here even if the data ever held a loop. */
const WALK_LIMIT = MAX_CONTAINER_DEPTH * 2;

/** The door's SQL (item-changes.service.ts): what it reads about the tree and how it writes rows. */
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
      for (const batch of batches(ids)) {
        await db
          .updateTable('items')
          .set({ container_id: containerId })
          .where('id', 'in', batch)
          .execute();
      }
    }
  },
};
