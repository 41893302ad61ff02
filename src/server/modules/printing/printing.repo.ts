import { sql, type Kysely, type RawBuilder } from 'kysely';
import { contentsOf } from '../containers/containers.repo.ts';
import { itemsWithNames } from '../items/items.repo.ts';
import { readInBatches } from '../../db/batches.ts';
import type { Database } from '../../db/schema.ts';

export interface PrintItemRow {
  id: string;
  name: string | null;
  client_name: string | null;
  location_name: string | null;
}

/** The ids of the items `where` lets through, in the order labels print: by name, then id. */
async function idsByName(
  db: Kysely<Database>,
  where: RawBuilder<boolean>,
  limit?: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('items')
    .select('id')
    .where(where)
    .orderBy('name')
    .orderBy('id')
    .$if(limit !== undefined, (qb) => qb.limit(limit!))
    .execute();
  return rows.map((r) => r.id);
}

export const printingRepo = {
  /** Items by id with the names a label shows (labels are printed by staff: no scope). */
  async items(db: Kysely<Database>, ids: readonly string[]): Promise<PrintItemRow[]> {
    return readInBatches(ids, (batch) =>
      itemsWithNames(db)
        .select([
          'items.id',
          'items.name',
          'clients.name as client_name',
          'locations.name as location_name',
        ])
        .where('items.id', 'in', batch)
        .execute(),
    );
  },

  async manifestItemIds(db: Kysely<Database>, manifestId: string): Promise<string[]> {
    return idsByName(db, sql<boolean>`manifest_id = ${manifestId}`);
  },

  /** Everything inside a container, at every level, by name. */
  async containerItemIds(db: Kysely<Database>, containerId: string): Promise<string[]> {
    return idsByName(db, sql<boolean>`id IN ${contentsOf(containerId)}`);
  },

  async idsWithoutLabel(db: Kysely<Database>, limit: number): Promise<string[]> {
    const labelled = sql`SELECT item_id FROM labels WHERE item_id IS NOT NULL`;
    return idsByName(db, sql<boolean>`id NOT IN (${labelled})`, limit);
  },

  /** The label to print per item: the one attached last (a newer sticker replaces an older). */
  async latestLabels(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string>> {
    const latest = new Map<string, { code: string; at: string }>();
    const rows = await readInBatches(ids, (batch) =>
      db
        .selectFrom('labels')
        .select(['id', 'item_id', 'updated_at'])
        .where('item_id', 'in', batch)
        .execute(),
    );
    for (const row of rows) {
      const seen = latest.get(row.item_id!);
      if (!seen || row.updated_at > seen.at || (row.updated_at === seen.at && row.id > seen.code)) {
        latest.set(row.item_id!, { code: row.id, at: row.updated_at });
      }
    }
    return new Map([...latest].map(([item, { code }]) => [item, code]));
  },

  /** Every label of each item, oldest first. */
  async allLabels(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    // Each item is in one batch, so its labels stay in their order.
    const rows = await readInBatches(ids, (batch) =>
      db
        .selectFrom('labels')
        .select(['id', 'item_id'])
        .where('item_id', 'in', batch)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    );
    for (const row of rows) out.set(row.item_id!, [...(out.get(row.item_id!) ?? []), row.id]);
    return out;
  },

  async offsets(db: Kysely<Database>): Promise<Map<string, { x: number; y: number }>> {
    const rows = await db.selectFrom('print_offsets').selectAll().execute();
    return new Map(rows.map((r) => [r.preset_id, { x: Number(r.x_mm), y: Number(r.y_mm) }]));
  },

  async saveOffset(
    db: Kysely<Database>,
    presetId: string,
    offset: { x: number; y: number },
    userId: string,
    now: string,
  ): Promise<void> {
    const values = { x_mm: offset.x, y_mm: offset.y, updated_by: userId, updated_at: now };
    await db
      .insertInto('print_offsets')
      .values({ preset_id: presetId, ...values })
      .onConflict((oc) => oc.column('preset_id').doUpdateSet(values))
      .execute();
  },
};
