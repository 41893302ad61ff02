import type { Kysely } from 'kysely';
import { batches, readInBatches } from '../../db/batches.ts';
import type { Database } from '../../db/schema.ts';
import { MAX_CONTAINER_DEPTH } from '../../../common/round-trip.ts';
import { BARE_COLUMNS } from '../items/items.repo.ts';
import {
  foldName,
  REFERENCE_FIELDS,
  type ExistingItem,
  type Lookups,
  type ReferenceField,
} from './import-plan.ts';

const TABLE_OF = {
  client: 'clients',
  location: 'locations',
  component: 'components',
  manifest: 'manifests',
} as const satisfies Record<ReferenceField, string>;

export const importRepo = {
  /**
   * Everything the rows can refer to: the items and labels they name, every catalog name,
   * and the items the container column names (by id or exact name) with the containers
   * around them.
   */
  async lookups(
    db: Kysely<Database>,
    ids: string[],
    codes: string[],
    containers: string[] = [],
  ): Promise<Lookups> {
    const items = new Map<string, ExistingItem>();
    const loadItems = async (list: string[]) => {
      const rows = await readInBatches(list, (batch) =>
        db.selectFrom('items').select(BARE_COLUMNS).where('id', 'in', batch).execute(),
      );
      for (const row of rows) items.set(row.id, row);
    };
    await loadItems(ids);
    const labelRows = await readInBatches(codes, (batch) =>
      db.selectFrom('labels').select(['id', 'item_id']).where('id', 'in', batch).execute(),
    );
    const labels = new Map(labelRows.map((row) => [row.id, row.item_id]));
    // Items that labels point at are matched too: load them.
    const owners = [...new Set([...labels.values()].filter((v): v is string => Boolean(v)))].filter(
      (id) => !items.has(id),
    );
    await loadItems(owners);
    const itemsNamed = new Map<string, string[]>();
    const byName = await readInBatches(containers, (batch) =>
      db.selectFrom('items').select(['id', 'name']).where('name', 'in', batch).execute(),
    );
    for (const row of byName) {
      const key = foldName(row.name!);
      itemsNamed.set(key, [...(itemsNamed.get(key) ?? []), row.id]);
    }
    await loadItems(
      [...containers, ...[...itemsNamed.values()].flat()].filter((id) => !items.has(id)),
    );
    // The containers around those, up to the outermost, to check loops and depth.
    for (let level = 0; level <= MAX_CONTAINER_DEPTH; level++) {
      const above = [...items.values()]
        .map((i) => i.container_id)
        .filter((id): id is string => Boolean(id) && !items.has(id!));
      if (above.length === 0) break;
      await loadItems([...new Set(above)]);
    }
    const named = {} as Lookups['named'];
    for (const field of REFERENCE_FIELDS) {
      const rows = await db
        .selectFrom(TABLE_OF[field])
        .select(['id', 'name'])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const map = new Map<string, { id: string; name: string }>();
      for (const row of rows) if (!map.has(foldName(row.name))) map.set(foldName(row.name), row);
      named[field] = map;
    }
    return { items, labels, named, itemsNamed };
  },

  async insertNamed(
    db: Kysely<Database>,
    field: ReferenceField,
    rows: Array<{ id: string; name: string }>,
    now: string,
  ): Promise<void> {
    for (const batch of batches(rows)) {
      const values = batch.map((r) => ({
        id: r.id,
        name: r.name,
        created_at: now,
        updated_at: now,
      }));
      if (field === 'manifest') {
        await db
          .insertInto('manifests')
          .values(values.map((v) => ({ ...v, note: null, status: null, client_id: null })))
          .execute();
      } else await db.insertInto(TABLE_OF[field]).values(values).execute();
    }
  },

  /** Attaches codes: new ones are created, free ones taken (the plan refused taken ones). */
  async attachLabels(
    db: Kysely<Database>,
    pairs: Array<{ code: string; itemId: string; exists: boolean }>,
    now: string,
  ): Promise<number> {
    let attached = 0;
    const fresh = pairs.filter((p) => !p.exists);
    for (const batch of batches(fresh)) {
      await db
        .insertInto('labels')
        .values(
          batch.map((p) => ({
            id: p.code,
            item_id: p.itemId,
            name: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      attached += batch.length;
    }
    for (const p of pairs.filter((p) => p.exists)) {
      const result = await db
        .updateTable('labels')
        .set({ item_id: p.itemId, updated_at: now })
        .where('id', '=', p.code)
        .where('item_id', 'is', null)
        .executeTakeFirst();
      attached += Number(result.numUpdatedRows);
    }
    return attached;
  },
};
