import type { Kysely } from 'kysely';
import { batches } from '../../db/batches.ts';
import type { Database } from '../../db/schema.ts';
import type { ItemValues } from '../items/items.repo.ts';
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

const ITEM_COLUMNS = [
  'id',
  'name',
  'note',
  'status',
  'client_id',
  'location_id',
  'component_id',
  'manifest_id',
] as const;

export const importRepo = {
  /** Everything the rows can refer to: the items and labels they name, every catalog name. */
  async lookups(db: Kysely<Database>, ids: string[], codes: string[]): Promise<Lookups> {
    const items = new Map<string, ExistingItem>();
    const loadItems = async (list: string[]) => {
      for (const batch of batches(list)) {
        const rows = await db
          .selectFrom('items')
          .select(ITEM_COLUMNS)
          .where('id', 'in', batch)
          .execute();
        for (const row of rows) items.set(row.id, row);
      }
    };
    await loadItems(ids);
    const labels = new Map<string, string | null>();
    for (const batch of batches(codes)) {
      const rows = await db
        .selectFrom('labels')
        .select(['id', 'item_id'])
        .where('id', 'in', batch)
        .execute();
      for (const row of rows) labels.set(row.id, row.item_id);
    }
    // Items that labels point at are matched too: load them.
    const owners = [...new Set([...labels.values()].filter((v): v is string => Boolean(v)))].filter(
      (id) => !items.has(id),
    );
    await loadItems(owners);
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
    return { items, labels, named };
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

  async insertItems(
    db: Kysely<Database>,
    rows: Array<{ id: string; values: Partial<ItemValues> }>,
    now: string,
  ): Promise<void> {
    for (const batch of batches(rows)) {
      await db
        .insertInto('items')
        .values(
          batch.map(({ id, values }) => ({
            id,
            name: values.name ?? null,
            note: values.note ?? null,
            status: values.status ?? null,
            client_id: values.client_id ?? null,
            location_id: values.location_id ?? null,
            component_id: values.component_id ?? null,
            manifest_id: values.manifest_id ?? null,
            last_scanned_by: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
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
