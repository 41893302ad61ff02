import { sql, type InferResult, type Kysely } from 'kysely';
import { foldSearchField, SEARCH_FIELDS } from '../../../common/search.ts';
import type { Database } from '../../db/schema.ts';
import { itemsWithNames } from './items.repo.ts';

/**
 * The search document is written by the code that changes what it is made of, in the
 * same transaction: refreshItemSearch after any write to one item (this module, and the
 * labels module when a scan sets the last scanner), refreshSearchForReference after a
 * client, location, component or member is renamed or removed, and
 * refreshItemSearchMany for the items directly inside an item that is renamed (their
 * documents carry its name) or deleted (they are taken out of it).
 */
export async function refreshItemSearch(db: Kysely<Database>, itemId: string): Promise<void> {
  const row = await documentSource(db).where('items.id', '=', itemId).executeTakeFirst();
  if (!row) {
    await db.deleteFrom('item_search').where('item_id', '=', itemId).execute();
    return;
  }
  const values = documentOf(row);
  await db
    .insertInto('item_search')
    .values({ item_id: itemId, ...values })
    .onConflict((oc) => oc.column('item_id').doUpdateSet(values))
    .execute();
}

/**
 * refreshItemSearch for many existing items at once (a CSV import): one read and one
 * upsert per batch instead of two statements per item.
 */
export async function refreshItemSearchMany(
  db: Kysely<Database>,
  itemIds: readonly string[],
): Promise<void> {
  for (let i = 0; i < itemIds.length; i += 500) {
    const rows = await documentSource(db)
      .select('items.id')
      .where('items.id', 'in', itemIds.slice(i, i + 500))
      .execute();
    if (rows.length === 0) continue;
    await db
      .insertInto('item_search')
      .values(rows.map((row) => ({ item_id: row.id, ...documentOf(row) })))
      .onConflict((oc) =>
        oc
          .column('item_id')
          .doUpdateSet(
            (eb) =>
              Object.fromEntries(
                DOCUMENT_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)]),
              ) as Record<(typeof DOCUMENT_COLUMNS)[number], never>,
          ),
      )
      .execute();
  }
}

const DOCUMENT_COLUMNS = [
  'client_id',
  'location_id',
  'component_id',
  'last_scanned_by',
  ...SEARCH_FIELDS,
] as const;

/** What a search document is made of: the item with the names it references. */
function documentSource(db: Kysely<Database>) {
  return itemsWithNames(db)
    .leftJoin('users', 'users.id', 'items.last_scanned_by')
    .select([
      'items.name',
      'items.note',
      'items.status',
      'items.client_id',
      'items.location_id',
      'items.component_id',
      'items.last_scanned_by',
      'clients.name as client_name',
      'locations.name as location_name',
      'components.name as component_name',
      'users.email as last_scanned_by_email',
      'container.name as container_name',
    ]);
}

/** A row of documentSource, as its select names it. */
type DocumentSource = InferResult<ReturnType<typeof documentSource>>[number];

function documentOf(row: DocumentSource) {
  return {
    client_id: row.client_id,
    location_id: row.location_id,
    component_id: row.component_id,
    last_scanned_by: row.last_scanned_by,
    name: foldSearchField(row.name),
    component_name: foldSearchField(row.component_name),
    status: foldSearchField(row.status),
    client_name: foldSearchField(row.client_name),
    location_name: foldSearchField(row.location_name),
    last_scanned_by_email: foldSearchField(row.last_scanned_by_email),
    note: foldSearchField(row.note),
    container_name: foldSearchField(row.container_name),
  };
}

export type SearchReference =
  { client_id: string } | { location_id: string } | { component_id: string } | { user_id: string };

const REFERENCES = {
  client_id: { table: 'clients', column: 'name', idColumn: 'client_id', field: 'client_name' },
  location_id: {
    table: 'locations',
    column: 'name',
    idColumn: 'location_id',
    field: 'location_name',
  },
  component_id: {
    table: 'components',
    column: 'name',
    idColumn: 'component_id',
    field: 'component_name',
  },
  user_id: {
    table: 'users',
    column: 'email',
    idColumn: 'last_scanned_by',
    field: 'last_scanned_by_email',
  },
} as const;

/**
 * Brings the search documents up to date after a referenced row changed: call it in the
 * transaction that renames a client, location or component (or changes a member's
 * email), and after one is deleted or items stop referencing it. Two statements, no
 * matter how many items are affected: the new name is folded once, here.
 */
export async function refreshSearchForReference(
  db: Kysely<Database>,
  ref: SearchReference,
): Promise<void> {
  const [key, id] = Object.entries(ref)[0] as [keyof typeof REFERENCES, string];
  const { table, column, idColumn, field } = REFERENCES[key];
  const current = await db
    .selectFrom(table)
    .select(sql<string>`${sql.ref(column)}`.as('value'))
    .where('id', '=', id)
    .executeTakeFirst();
  const referencing = db.selectFrom('items').select('id').where(idColumn, '=', id);

  // Items referencing it now get its current name.
  await db
    .updateTable('item_search')
    .set({ [idColumn]: id, [field]: foldSearchField(current?.value) })
    .where('item_id', 'in', referencing)
    .execute();
  // Items whose document still carries it but no longer reference it (the reference was
  // cleared, or the row is gone) lose it.
  await db
    .updateTable('item_search')
    .set({ [idColumn]: null, [field]: null })
    .where(idColumn, '=', id)
    .where('item_id', 'not in', referencing)
    .execute();
}
