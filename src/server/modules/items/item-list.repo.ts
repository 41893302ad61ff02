import { PostgresAdapter, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { LIST_TOTAL_CAP, type SearchPlan } from '../../../common/search.ts';
import type { Item } from '../../../common/schemas/item.ts';
import { ATTENTION_CONDITIONS } from '../../../common/round-trip.ts';
import type { Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { covers, inScope, scopeClientId, type Scope } from '../catalog/scope.ts';
import { compiledOnce } from '../../db/compiled-query.ts';
import { itemRows, toItem } from './items.repo.ts';
import { findCandidates, type SearchFilters } from './search-candidates.repo.ts';
import { rankDocuments } from './search-ranking.ts';

export interface ItemFilters extends SearchFilters {
  manifestId?: string;
}

/** Where a name-sorted page starts: after this item (name null sorts last). */
export interface NamePosition {
  name: string | null;
  id: string;
}

export interface SearchPage {
  items: Item[];
  total: number;
  /** More matched than the search shows: total is a lower bound. */
  capped: boolean;
}

/**
 * One page of a search: candidates from the index with their documents
 * (search-candidates.repo.ts), ranked by the spec's weights (search-ranking.ts), then the
 * page's items read in full. Scope, type and condition are checked again there on the
 * items table itself, so a search document can never widen a scope.
 */
export async function searchItems(
  db: Kysely<Database>,
  dialect: Dialect,
  query: { filters: ItemFilters; plan: SearchPlan; limit: number; offset: number },
): Promise<SearchPage> {
  const { plan, filters } = query;
  const candidates = await findCandidates(db, dialect, plan, filters);
  if (candidates.documents.length === 0) return { items: [], total: 0, capped: false };
  const page = rankDocuments(plan, candidates.documents, candidates.exactIds).slice(
    query.offset,
    query.offset + query.limit,
  );
  return {
    items: await itemsByIds(
      db,
      page.map((d) => d.item_id),
      filters.scope,
      filters,
    ),
    total: candidates.documents.length,
    capped: candidates.capped,
  };
}

/**
 * Items sorted by name (unnamed last, then by id), starting after a position: a keyset
 * walk of the (name, item_id) index, as fast on the thousandth page as on the first.
 * `next` is where the following page starts, null after the last one.
 */
export async function itemsAfter(
  db: Kysely<Database>,
  filters: ItemFilters,
  after: NamePosition | null,
  limit: number,
): Promise<{ items: Item[]; next: NamePosition | null }> {
  const walk = () => searchRowsWithin(db, filters).select(['s.item_id as id', 's.name as name']);
  // One more than asked tells whether another page follows.
  const want = limit + 1;
  const keys: NamePosition[] = [];
  if (after === null || after.name !== null) {
    const named = await walk()
      .where('s.name', 'is not', null)
      .$if(after !== null, (qb) =>
        qb.where(sql<SqlBool>`(s.name, s.item_id) > (${after!.name}, ${after!.id})`),
      )
      .orderBy('s.name')
      .orderBy('s.item_id')
      .limit(want)
      .execute();
    keys.push(...named);
  }
  if (keys.length < want) {
    const unnamed = await walk()
      .where('s.name', 'is', null)
      .$if(after?.name === null, (qb) => qb.where('s.item_id', '>', after!.id))
      .orderBy('s.item_id')
      .limit(want - keys.length)
      .execute();
    keys.push(...unnamed);
  }
  return namePage(db, keys, limit, filters.scope);
}

/** The offset form of the name-sorted list, for clients that page by offset. */
export async function itemsAtOffset(
  db: Kysely<Database>,
  filters: ItemFilters,
  offset: number,
  limit: number,
): Promise<{ items: Item[]; next: NamePosition | null }> {
  const keys = await searchRowsWithin(db, filters)
    .select(['s.item_id as id', 's.name as name'])
    .orderBy('s.name', (ob) => ob.asc().nullsLast())
    .orderBy('s.item_id')
    .limit(limit + 1)
    .offset(offset)
    .execute();
  return namePage(db, keys, limit, filters.scope);
}

/** Up to `limit` of the keys read (one more tells whether a next page exists), as items. */
async function namePage(
  db: Kysely<Database>,
  keys: NamePosition[],
  limit: number,
  scope: Scope,
): Promise<{ items: Item[]; next: NamePosition | null }> {
  const page = keys.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: await itemsByIds(
      db,
      page.map((k) => k.id),
      scope,
    ),
    next: keys.length > limit && last ? { name: last.name, id: last.id } : null,
  };
}

/**
 * How many items the filters let through, counting no further than `upTo` + 1: the
 * caller tells "exactly n" from "more than upTo" without walking a million index entries
 * (an exact count took 60–100 ms at 1,000,000 items, longer than the page it comes with).
 */
export async function countItems(
  db: Kysely<Database>,
  filters: ItemFilters,
  upTo: number = LIST_TOTAL_CAP,
): Promise<number> {
  const rows = isScoped(filters)
    ? db
        .selectFrom('items as f')
        .where(itemFilter(filters))
        .select(sql<number>`1`.as('one'))
        .limit(upTo + 1)
    : db
        .selectFrom('item_search')
        .select(sql<number>`1`.as('one'))
        .limit(upTo + 1);
  const counted = await db
    .selectFrom(rows.as('r'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}

/** Every item the filters let through, sorted by name, read a batch at a time. */
export async function allItems(db: Kysely<Database>, filters: ItemFilters): Promise<Item[]> {
  const out: Item[] = [];
  for await (const batch of itemBatches(db, filters)) out.push(...batch);
  return out;
}

export type PageAfter = (
  after: NamePosition | null,
) => Promise<{ items: Item[]; next: NamePosition | null }>;

/** The name-sorted list in batches: a caller can stream them without holding all. */
export async function* itemBatches(
  db: Kysely<Database>,
  filters: ItemFilters,
  size = 1000,
  /** Reads one batch; the server passes its read workers' (db/read-jobs.ts). */
  pageAfter: PageAfter = (after) => itemsAfter(db, filters, after, size),
): AsyncGenerator<Item[]> {
  let after: NamePosition | null = null;
  do {
    const page = await pageAfter(after);
    if (page.items.length > 0) yield page.items;
    after = page.next;
  } while (after !== null);
}

/**
 * Full rows for ids, in the order given; with filters, only the items they let through.
 * The ids go in as one JSON parameter, so every page runs the same SQL text: PostgreSQL
 * prepares the six-table join once per connection (planning it took longer than running
 * it, pg-prepared.ts), SQLite keeps one statement. For the same reason the filters are
 * checked on the rows read (the items table's own columns), not in the query's shape.
 */
async function itemsByIds(
  db: Kysely<Database>,
  ids: string[],
  scope: Scope,
  filters?: ItemFilters,
): Promise<Item[]> {
  if (ids.length === 0) return [];
  const rows = await itemsWithIds(db, JSON.stringify(ids), scopeClientId(scope));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row && (!filters || letsThrough(filters, row)) ? [toItem(row)] : [];
  });
}

const itemsWithIds = compiledOnce(
  (db: Kysely<Database>, idsJson: string, clientId: string | null) =>
    itemRows(db, clientId).where(
      db.getExecutor().adapter instanceof PostgresAdapter
        ? sql<SqlBool>`items.id IN (SELECT json_array_elements_text(${idsJson}::json))`
        : sql<SqlBool>`items.id IN (SELECT value FROM json_each(${idsJson}))`,
    ),
);

/** itemFilter's rule for a row already read. */
function letsThrough(
  filters: ItemFilters,
  row: {
    client_id: string | null;
    status: string | null;
    manifest_id: string | null;
    condition: string;
  },
): boolean {
  return (
    covers(filters.scope, row.client_id) &&
    (!filters.statuses?.length || (row.status !== null && filters.statuses.includes(row.status))) &&
    (!filters.manifestId || row.manifest_id === filters.manifestId) &&
    (!filters.attention || (ATTENTION_CONDITIONS as readonly string[]).includes(row.condition))
  );
}

const isScoped = (filters: ItemFilters) =>
  filters.scope.kind === 'client' ||
  Boolean(filters.statuses?.length) ||
  Boolean(filters.manifestId) ||
  Boolean(filters.attention);

/**
 * The search documents (`s`) of the items the filters let through. The filters are read
 * from the items table itself, which is joined only when there is one: unfiltered, the
 * (name, item_id) index alone answers, and page 1,000 by offset costs a walk of that index
 * instead of a join and sort of every item (PostgreSQL sorted all 100,000 for it).
 */
function searchRowsWithin(db: Kysely<Database>, filters: ItemFilters) {
  const documents = db.selectFrom('item_search as s');
  if (!isScoped(filters)) return documents;
  // Only `s` is read after this, so the builder keeps the unjoined type.
  return documents
    .innerJoin('items as f', 'f.id', 's.item_id')
    .where(itemFilter(filters)) as unknown as typeof documents;
}

/** Scope, type and condition, read from the items table (aliased `f`) itself. */
function itemFilter(filters: ItemFilters): RawBuilder<SqlBool> {
  const parts = [inScope(filters.scope, 'f.client_id')];
  if (filters.statuses?.length) parts.push(sql`f.status IN (${sql.join(filters.statuses)})`);
  if (filters.manifestId) parts.push(sql`f.manifest_id = ${filters.manifestId}`);
  if (filters.attention) parts.push(sql`f.condition IN (${sql.join(ATTENTION_CONDITIONS)})`);
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}
