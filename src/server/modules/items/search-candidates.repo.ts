import { sql, type Kysely, type SqlBool } from 'kysely';
import { normalizeLabelCode } from '../../../common/label-code.ts';
import { foldSearchField, SEARCH_RESULT_CAP, type SearchPlan } from '../../../common/search.ts';
import { ATTENTION_CONDITIONS } from '../../../common/round-trip.ts';
import type { Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { inScope } from '../catalog/scope.ts';
import { postgresTiers } from './search-tiers-postgres.repo.ts';
import { sqliteTiers } from './search-tiers-sqlite.repo.ts';
import {
  containsPattern,
  copiedFilters,
  DOCUMENT,
  enoughTrigrams,
  isDocument,
  namedExactly,
  typesHolding,
  type NarrowTier,
  type SearchDocument,
  type SearchFilters,
  type Tier,
} from './search-tiers.repo.ts';

export type { SearchDocument, SearchFilters } from './search-tiers.repo.ts';

export interface Candidates {
  /** The documents of the matching items, at most SEARCH_RESULT_CAP of them. */
  documents: SearchDocument[];
  /** More items matched than the cap: the total is "at least". */
  capped: boolean;
  /** The items whose id or label id is the query (within the filters): ranked first. */
  exactIds: string[];
}

/**
 * The items a search can show, found with index lookups only (docs/decisions.md,
 * "Search at 100,000 items"). Matches are gathered in tiers, most relevant kind of
 * match first: the exact id or label, the name being the query, starting with it, the name
 * containing it, the component, the type, any field containing it, every word
 * somewhere, then enough of its trigrams (typos). Each tier is read only until the cap
 * is reached, so a query matching 20,000 items touches about a thousand rows. Below
 * the cap the tiers together are every match, and the ranking over them is exact.
 */
export async function findCandidates(
  db: Kysely<Database>,
  dialect: Dialect,
  plan: SearchPlan,
  filters: SearchFilters,
): Promise<Candidates> {
  const exactIds = await exactMatchIds(db, plan, filters);
  const found = new Set(exactIds);
  // Documents a tier already read (PostgreSQL's tiers read them with the ids).
  const read = new Map<string, SearchDocument>();
  const want = SEARCH_RESULT_CAP + 1;
  const tiers = filters.attention
    ? [attentionTier(plan, filters, dialect)]
    : await textTiers(db, dialect, plan, filters, want);
  for (const tier of tiers) {
    if (found.size >= want) break;
    // A tier may repeat items an earlier one found, so each is asked for the full count.
    const rows = await tier(db, want, found).execute();
    for (const row of rows) {
      found.add(row.item_id);
      if (isDocument(row)) read.set(row.item_id, row);
      if (found.size >= want) break;
    }
  }
  const ids = [...found];
  return {
    documents: await documentsOf(db, dialect, ids.slice(0, SEARCH_RESULT_CAP), read),
    capped: ids.length > SEARCH_RESULT_CAP,
    exactIds,
  };
}

/**
 * The candidates' documents, read once they are chosen unless a tier read them already
 * (every tier does but these): the exact id and label matches, and the exact name lookup,
 * whose covering (name, item_id) index on SQLite decides which of more equal names than
 * the cap are taken (asking it for the documents changes the index SQLite picks, and so
 * the items a capped search shows). The ids go in as one array parameter rather than a
 * thousand.
 */
async function documentsOf(
  db: Kysely<Database>,
  dialect: Dialect,
  ids: string[],
  read: Map<string, SearchDocument>,
): Promise<SearchDocument[]> {
  const known = ids.flatMap((id) => read.get(id) ?? []);
  if (known.length === ids.length) return known;
  const missing = ids.filter((id) => !read.has(id));
  const among =
    dialect === 'sqlite'
      ? sql<SqlBool>`s.item_id IN (SELECT value FROM json_each(${JSON.stringify(missing)}))`
      : sql<SqlBool>`s.item_id = ANY(${missing}::text[])`;
  return [
    ...known,
    ...(await db.selectFrom('item_search as s').select(DOCUMENT).where(among).execute()),
  ];
}

/** The tiers of a search over every item (the filters then apply within each tier). */
async function textTiers(
  db: Kysely<Database>,
  dialect: Dialect,
  plan: SearchPlan,
  filters: SearchFilters,
  want: number,
): Promise<Tier[]> {
  const { narrow, anyField, rest } =
    dialect === 'sqlite' ? sqliteTiers(plan, filters) : postgresTiers(plan, filters);
  // The narrower text tiers only find items "any field contains the text" finds too, so
  // when that tier is below the cap they add nothing and are skipped (four index
  // queries less for most client users' and filtered searches). Above it, they run first
  // so the most relevant kinds of match make the cap, and its rows follow theirs.
  const anyFieldRows = anyField ? await anyField(db, want).execute() : [];
  const covered = anyField !== null && anyFieldRows.length < want;
  return [
    namedExactly(plan, filters),
    ...(covered ? [] : await canFind(db, plan, narrow)),
    ...(anyField ? [() => ({ execute: async () => anyFieldRows })] : []),
    ...rest,
  ];
}

/**
 * The narrow tiers that can find something: the type tier only when a type's name holds
 * the text, the component tier only when a component type's does (a few dozen rows read
 * instead of an index walk over every item holding the text elsewhere, or on PostgreSQL a
 * scan of every item's type: "warehouse" with a type filter spent most of its time there).
 */
async function canFind(
  db: Kysely<Database>,
  plan: SearchPlan,
  tiers: NarrowTier[],
): Promise<Tier[]> {
  const component = tiers.some((t) => t.field === 'component_name')
    ? (await db.selectFrom('components').select('name').execute()).some((c) =>
        foldSearchField(c.name)?.includes(plan.text),
      )
    : false;
  const status = typesHolding(plan.text).length > 0;
  return tiers.filter((t) => t.field === undefined || (t.field === 'status' ? status : component));
}

/** The items within the filters whose id, or one of whose label ids, is the query. */
async function exactMatchIds(
  db: Kysely<Database>,
  plan: SearchPlan,
  filters: SearchFilters,
): Promise<string[]> {
  const code = normalizeLabelCode(plan.raw);
  const labelled = code
    ? await db
        .selectFrom('labels')
        .select('item_id')
        .where('id', '=', code)
        .where('item_id', 'is not', null)
        .execute()
    : [];
  const rows = await db
    .selectFrom('items')
    .select('id')
    .where('id', 'in', [plan.raw, plan.raw.toLowerCase(), ...labelled.map((r) => r.item_id!)])
    .where(inScope(filters.scope, 'client_id'))
    .$if(Boolean(filters.statuses?.length), (qb) => qb.where('status', 'in', filters.statuses!))
    .$if(Boolean(filters.attention), (qb) => qb.where('condition', 'in', ATTENTION_CONDITIONS))
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Searching among the items that need attention: they are few (damaged or missing), so
 * they are read through the condition index and their documents checked directly, with
 * the same substring and typo rules as the tiers; the ranking then orders them.
 */
function attentionTier(plan: SearchPlan, filters: SearchFilters, dialect: Dialect): Tier {
  const matches = plan.trigrams.length
    ? sql<SqlBool>`(s.doc LIKE ${containsPattern(plan.text)} ESCAPE '\\' OR ${enoughTrigrams(plan, dialect)})`
    : sql<SqlBool>`s.doc LIKE ${containsPattern(plan.text)} ESCAPE '\\'`;
  return (db, limit) =>
    db
      .selectFrom('items as f')
      .innerJoin('item_search as s', 's.item_id', 'f.id')
      .select(DOCUMENT)
      .where('f.condition', 'in', ATTENTION_CONDITIONS)
      .where(matches)
      .where(copiedFilters(filters))
      .limit(limit);
}
