import { PostgresAdapter, sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Item, PublicItem } from '../../../common/schemas/item.ts';
import type { Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { compiledOnce } from '../../db/compiled-query.ts';
import { batchedReads } from '../../db/read-batch.ts';
import { nameSortKeys } from '../catalog/named.repo.ts';
import { scopeClientId, shownTo, type Scope } from '../catalog/scope.ts';

export type ItemValues = {
  name: string | null;
  note: string | null;
  status: string | null;
  client_id: string | null;
  location_id: string | null;
  component_id: string | null;
  manifest_id: string | null;
  container_id: string | null;
  condition: string;
  condition_note: string | null;
};

/** An item's fields with each one left out at its default: null, condition ok. */
export function itemValues(input: Partial<ItemValues>): ItemValues {
  return {
    name: input.name ?? null,
    note: input.note ?? null,
    status: input.status ?? null,
    client_id: input.client_id ?? null,
    location_id: input.location_id ?? null,
    component_id: input.component_id ?? null,
    manifest_id: input.manifest_id ?? null,
    container_id: input.container_id ?? null,
    condition: input.condition ?? 'ok',
    condition_note: input.condition_note ?? null,
  };
}

/** The items table's own columns a write reads before changing the row. */
export const BARE_COLUMNS = [
  'id',
  'name',
  'note',
  'status',
  'client_id',
  'location_id',
  'component_id',
  'manifest_id',
  'container_id',
  'condition',
  'condition_note',
  'out_at',
] as const;

/** An item as the things hanging on it (labels, images, components) name it. */
export interface ItemRef {
  id: string;
  name: string | null;
}

/**
 * The item columns every answer carries but the names of its client, location and component
 * type: its own, and the manifest and container it is in (shown within scope, itemsInScope).
 * The answers' key order is their schema's, not this one.
 */
const SCOPED_COLUMNS = [
  'items.id',
  'items.name',
  'items.note',
  'items.status',
  'items.client_id',
  'items.location_id',
  'manifests.id as manifest_id',
  'manifests.name as manifest_name',
  'items.component_id',
  'container.id as container_id',
  'container.name as container_name',
  'items.condition',
  'items.condition_note',
  'items.out_at as out_since',
  'items.version',
  'items.updated_at',
  'items.created_at',
] as const;

/** The item columns every answer carries, with the names of what they reference. */
const PUBLIC_COLUMNS = [
  ...SCOPED_COLUMNS,
  'clients.name as client_name',
  'locations.name as location_name',
  'components.name as component_name',
] as const;

/**
 * Items joined with the manifest and container they are in, each shown only within the
 * reader's scope (`clientId`, null: everything): a client user's item in another client's
 * crate, on that client's job, names neither (docs/decisions.md, "One door for item changes").
 */
function itemsInScope(db: Kysely<Database>, clientId: string | null) {
  return db
    .selectFrom('items')
    .leftJoin('items as container', (join) =>
      join
        .onRef('container.id', '=', 'items.container_id')
        .on(shownTo(clientId, 'container.client_id')),
    )
    .leftJoin('manifests', (join) =>
      join
        .onRef('manifests.id', '=', 'items.manifest_id')
        .on(shownTo(clientId, 'manifests.client_id')),
    );
}

/**
 * Items joined with the names they reference, within the reader's scope (itemsInScope);
 * the caller adds filters and order.
 */
export function publicItemRows(db: Kysely<Database>, clientId: string | null) {
  return itemsInScope(db, clientId)
    .leftJoin('clients', 'clients.id', 'items.client_id')
    .leftJoin('locations', 'locations.id', 'items.location_id')
    .leftJoin('components', 'components.id', 'items.component_id')
    .select(PUBLIC_COLUMNS);
}

/**
 * One item's row as publicItemRows reads it (the same columns, the same scope), with the
 * client's, location's and component type's names read by subqueries on their primary
 * keys rather than joined. For one row PostgreSQL's kept (generic) plan of the joins
 * hashed each of those small tables on every run: about 170 µs of its CPU per item read at a
 * million items, about 110 µs this way (docs/decisions.md, "The item GET, session 11").
 */
function oneItemRow(db: Kysely<Database>, clientId: string | null) {
  return itemsInScope(db, clientId)
    .select(SCOPED_COLUMNS)
    .select((eb) => [
      eb
        .selectFrom('clients')
        .select('clients.name')
        .whereRef('clients.id', '=', 'items.client_id')
        .as('client_name'),
      eb
        .selectFrom('locations')
        .select('locations.name')
        .whereRef('locations.id', '=', 'items.location_id')
        .as('location_name'),
      eb
        .selectFrom('components')
        .select('components.name')
        .whereRef('components.id', '=', 'items.component_id')
        .as('component_name'),
    ]);
}

/**
 * Items joined with what their client, location, component type and container are
 * called: the names an answer, a search document and a printed label show.
 */
export function itemsWithNames(db: Kysely<Database>) {
  return db
    .selectFrom('items')
    .leftJoin('clients', 'clients.id', 'items.client_id')
    .leftJoin('locations', 'locations.id', 'items.location_id')
    .leftJoin('components', 'components.id', 'items.component_id')
    .leftJoin('items as container', 'container.id', 'items.container_id');
}

/** As publicItemRows, plus who scanned the item last: for signed-in members only. */
export function itemRows(db: Kysely<Database>, clientId: string | null) {
  return publicItemRows(db, clientId)
    .leftJoin('users', 'users.id', 'items.last_scanned_by')
    .select('users.email as last_scanned_by_email');
}

type PublicRow = Omit<PublicItem, 'status' | 'condition'> & {
  status: string | null;
  condition: string;
};
type FullRow = PublicRow & { last_scanned_by_email: string | null };

// The status and condition columns only ever receive values validated by their schemas.
export const toPublicItem = (row: PublicRow): PublicItem => ({
  ...row,
  status: row.status as Item['status'],
  condition: row.condition as Item['condition'],
});
export const toItem = (row: FullRow): Item => ({
  ...row,
  status: row.status as Item['status'],
  condition: row.condition as Item['condition'],
});

/**
 * Item lists in name order as people read it: folded the same on both engines
 * (nameSortKeys), unnamed items last, ties by id so the order is stable.
 */
export function orderByItemName<QB>(qb: QB, dialect: Dialect): QB {
  const [folded] = nameSortKeys(dialect, 'items.name');
  return (qb as unknown as SelectQueryBuilder<Database, 'items', object>)
    .orderBy(sql`${folded} IS NULL`)
    .orderBy(folded)
    .orderBy('items.id') as QB;
}

/**
 * The id compared as `CAST(? AS text)`, not as a bare `?`. With a bare parameter compared
 * with a column, SQLite (3.54, as better-sqlite3 builds it) took 141 µs per run of this
 * seven-table read at a million items, with the cast (or a literal) 14 µs: by all signs it
 * plans a joined statement again whenever such a parameter changes. The cast keeps the same
 * index seeks (docs/decisions.md, "The item GET at a million items"); on PostgreSQL `$1`
 * is text anyway.
 */
const textParameter = (value: string) => sql<string>`CAST(${value} AS text)`;

/** As oneItemRow, plus who scanned the item last: for signed-in members only. */
const oneFullItemRow = (db: Kysely<Database>, clientId: string | null) =>
  oneItemRow(db, clientId).select((eb) =>
    eb
      .selectFrom('users')
      .select('users.email')
      .whereRef('users.id', '=', 'items.last_scanned_by')
      .as('last_scanned_by_email'),
  );
// The item page and every scan read one item: built once (compiled-query.ts).
const itemById = compiledOnce((db: Kysely<Database>, id: string, clientId: string | null) =>
  oneFullItemRow(db, clientId).where('items.id', '=', textParameter(id)),
);
/**
 * PostgreSQL only: the item reads of one event-loop turn, in one query, with a fixed
 * number of id parameters (a batch is padded with its last id). With one array parameter
 * (`= ANY($ids)`) PostgreSQL never kept a generic plan, since it cannot tell how many ids
 * a generic plan would meet, and planned the seven-table read afresh on every batch:
 * 0.45 ms of planning for 0.1 ms of execution. With a fixed count it keeps one plan per
 * count after five runs (docs/decisions.md, "The item GET, session 13").
 */
const MAX_BATCH = 64;
const BATCH_SIZES = [2, 4, 8, 16, 32, MAX_BATCH];
const itemsByIdsOfSize = new Map(
  BATCH_SIZES.map((size) => [
    size,
    compiledOnce((db: Kysely<Database>, clientId: string | null, ...ids: string[]) =>
      oneFullItemRow(db, clientId).where('items.id', 'in', ids.map(textParameter)),
    ),
  ]),
);
async function itemsByIds(db: Kysely<Database>, ids: string[], clientId: string | null) {
  const chunks: string[][] = [];
  for (let at = 0; at < ids.length; at += MAX_BATCH) chunks.push(ids.slice(at, at + MAX_BATCH));
  const answers = await Promise.all(
    chunks.map((chunk) => {
      const size = BATCH_SIZES.find((n) => n >= chunk.length)!;
      const padded = [...chunk, ...Array<string>(size - chunk.length).fill(chunk.at(-1)!)];
      return itemsByIdsOfSize.get(size)!(db, clientId, ...padded);
    }),
  );
  return new Map(answers.flat().map((row) => [row.id, row]));
}
const batchedItemReads = batchedReads(
  async (db, clientId, id) => (await itemById(db, id, clientId))[0],
  (db, clientId, ids) => itemsByIds(db, ids, clientId),
);
/** Batched on PostgreSQL, where each query is a round trip; SQLite reads in-process. */
const readsInBatches = (db: Kysely<Database>) =>
  db.getExecutor().adapter instanceof PostgresAdapter;
const publicItemById = compiledOnce((db: Kysely<Database>, id: string, clientId: string | null) =>
  oneItemRow(db, clientId).where('items.id', '=', textParameter(id)),
);

/** Reads only: every write of the items table is the door's (item-changes.repo.ts). */
export const itemsRepo = {
  /** One item as `scope` reads it: what it is joined with shows only within the scope. */
  async find(db: Kysely<Database>, id: string, scope: Scope): Promise<Item | undefined> {
    const clientId = scopeClientId(scope);
    const row = readsInBatches(db)
      ? await batchedItemReads(db, clientId, id)
      : (await itemById(db, id, clientId))[0];
    return row && toItem(row);
  },

  /** Never selects the scanner: an anonymous answer cannot carry what was not read. */
  async findPublic(
    db: Kysely<Database>,
    id: string,
    scope: Scope,
  ): Promise<PublicItem | undefined> {
    const [row] = await publicItemById(db, id, scopeClientId(scope));
    return row && toPublicItem(row);
  },

  async findBare(db: Kysely<Database>, id: string) {
    return db.selectFrom('items').select(BARE_COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  async ref(db: Kysely<Database>, id: string): Promise<ItemRef | undefined> {
    return db.selectFrom('items').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  },
};
