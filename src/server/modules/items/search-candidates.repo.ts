import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { normalizeLabelCode } from '../../../common/label-code.ts';
import {
  foldSearchField,
  SEARCH_FIELDS,
  SEARCH_RESULT_CAP,
  type SearchField,
  type SearchPlan,
} from '../../../common/search.ts';
import { ATTENTION_CONDITIONS } from '../../../common/round-trip.ts';
import { STATUSES } from '../../../common/status.ts';
import type { Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { inScope, type Scope } from '../catalog/scope.ts';

/** Filters applied while looking for candidates; the final query checks them again. */
export interface SearchFilters {
  scope: Scope;
  statuses?: string[];
  /** Only damaged or missing items. */
  attention?: boolean;
}

/** An item's search document as the ranking reads it: its folded, searched fields. */
export type SearchDocument = { item_id: string } & Record<SearchField, string | null>;

/** The columns of a SearchDocument. */
const DOCUMENT = [
  's.item_id',
  's.name',
  's.component_name',
  's.status',
  's.client_name',
  's.location_name',
  's.last_scanned_by_email',
  's.note',
  's.container_name',
] as const;
// Every searched field is read: a field added to SEARCH_WEIGHTS fails to compile here.
type Unread = Exclude<`s.${SearchField}`, (typeof DOCUMENT)[number]>;
const everyFieldRead: Unread extends never ? true : never = true;
void everyFieldRead;

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
  const want = SEARCH_RESULT_CAP + 1;
  const tiers = filters.attention
    ? [attentionTier(plan, filters, dialect)]
    : await textTiers(db, dialect, plan, filters, want);
  for (const tier of tiers) {
    if (found.size >= want) break;
    // A tier may repeat items an earlier one found, so each is asked for the full count.
    const rows = await tier(db, want).execute();
    for (const row of rows) {
      found.add(row.item_id);
      if (found.size >= want) break;
    }
  }
  const ids = [...found];
  return {
    documents: await documentsOf(db, dialect, ids.slice(0, SEARCH_RESULT_CAP)),
    capped: ids.length > SEARCH_RESULT_CAP,
    exactIds,
  };
}

/**
 * The candidates' documents, read once they are chosen: the tiers read ids only (a tier
 * can find items an earlier one found, or more than the cap), and the ids go in as one
 * array parameter rather than a thousand.
 */
async function documentsOf(
  db: Kysely<Database>,
  dialect: Dialect,
  ids: string[],
): Promise<SearchDocument[]> {
  if (ids.length === 0) return [];
  const among =
    dialect === 'sqlite'
      ? sql<SqlBool>`s.item_id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`
      : sql<SqlBool>`s.item_id = ANY(${ids}::text[])`;
  return db.selectFrom('item_search as s').select(DOCUMENT).where(among).execute();
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

type Tier = (
  db: Kysely<Database>,
  limit: number,
) => { execute(): Promise<Array<{ item_id: string }>> };

/** A narrow tier, and the field whose few values tell beforehand whether it finds anything. */
type NarrowTier = Tier & { field?: 'component_name' | 'status' };

const FOLDED_STATUSES = STATUSES.map((s) => foldSearchField(s)!);
/** The folded types holding the text (an item's type is one of STATUSES). */
const typesHolding = (text: string) => FOLDED_STATUSES.filter((s) => s.includes(text));

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

/**
 * The text tiers in order: `narrow` ones (name, component, type) each find a part of what
 * `anyField` (the text in any field) finds; `rest` (every word, typos) find more.
 */
interface TextTiers {
  narrow: NarrowTier[];
  anyField: Tier | null;
  rest: Tier[];
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
      .select('s.item_id')
      .where('f.condition', 'in', ATTENTION_CONDITIONS)
      .where(matches)
      .where(copiedFilters(filters))
      .limit(limit);
}

/** Words of the query long enough to be looked up in a trigram index. */
const indexableWords = (plan: SearchPlan) =>
  (plan.text.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => Array.from(w).length >= 3);

const hasPhrase = (plan: SearchPlan) => Array.from(plan.text).length >= 3;

/**
 * The k-of-n trigram rule spelled out as (a AND b) OR ..., when that stays small: FTS5
 * evaluates each conjunction separately, and past a few of them probing with the rarest
 * trigrams and counting is cheaper (55 ms against 7 for "warehouse" in one client's items).
 */
function trigramCombinations(plan: SearchPlan, max = 4): string[][] | null {
  const { trigrams, minHits } = plan;
  if (binomial(trigrams.length, minHits) > max) return null;
  const out: string[][] = [];
  const pick = (start: number, chosen: string[]) => {
    if (chosen.length === minHits) return void out.push(chosen);
    for (let i = start; i <= trigrams.length - (minHits - chosen.length); i++) {
      pick(i + 1, [...chosen, trigrams[i]!]);
    }
  };
  pick(0, []);
  return out;
}

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

// ---------------------------------------------------------------------------- SQLite

/** An FTS5 string: quoted, so `*`, `NEAR(` or `"` in a query are only text. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;
const ALL_FIELDS = `{${SEARCH_FIELDS.join(' ')}}`;

function sqliteTiers(plan: SearchPlan, filters: SearchFilters): TextTiers {
  const keys = sqliteFilterKeys(filters);
  const fts =
    (expression: string): Tier =>
    (db, limit) => ({
      execute: async () =>
        (
          await sql<{ item_id: string }>`SELECT s.item_id FROM item_fts
            JOIN item_search s ON s.seq = item_fts.rowid
            WHERE item_fts MATCH ${keys ? `(${expression}) AND ${keys}` : expression}
            LIMIT ${limit}`.execute(db)
        ).rows,
    });

  if (plan.trigrams.length === 0)
    return { narrow: [], anyField: null, rest: [likeTier(plan, filters)] };
  const tiers: TextTiers = { narrow: [], anyField: null, rest: [] };
  if (hasPhrase(plan)) {
    const text = phrase(plan.text);
    tiers.narrow.push(
      // For a client user FTS5 with the client's filter key stays: the name range walks
      // every name with the prefix (or the planner the client's every item) to find theirs.
      filters.scope.kind === 'all' ? namedStartingWith(plan, filters) : fts(`name : ^ ${text}`),
      fts(`name : ${text}`),
      Object.assign(fts(`component_name : ${text}`), { field: 'component_name' as const }),
      Object.assign(fts(`status : ${text}`), { field: 'status' as const }),
    );
    tiers.anyField = fts(`${ALL_FIELDS} : ${text}`);
  }
  const words = indexableWords(plan);
  if (words.length > 1)
    tiers.rest.push(fts(`${ALL_FIELDS} : (${words.map(phrase).join(' AND ')})`));
  const combinations = trigramCombinations(plan);
  if (combinations) {
    const any = combinations.map((c) => `(${c.map(phrase).join(' AND ')})`).join(' OR ');
    tiers.rest.push(fts(`${ALL_FIELDS} : (${any})`));
  } else {
    tiers.rest.push(sqliteProbeTier(plan, keys));
  }
  return tiers;
}

/**
 * Queries of more than a few trigrams: probe the index with n - minHits + 1 trigrams (any
 * match holds at least one of them) and count hits on the rows found. The trigrams are
 * chosen by their letters, as on PostgreSQL: asking fts5vocab for each trigram's document
 * count reads its whole posting list, which at a million items cost more (85–260 ms for
 * "scafold tube" or "pallett") than the probe saved by the better choice.
 */
function sqliteProbeTier(plan: SearchPlan, keys: string | null): Tier {
  return (db, limit) => ({
    async execute() {
      const probe = likelyRarestTrigrams(plan);
      const expression = `${ALL_FIELDS} : (${probe.map(phrase).join(' OR ')})`;
      const result = await sql<{ item_id: string }>`SELECT s.item_id FROM item_fts
        JOIN item_search s ON s.seq = item_fts.rowid
        WHERE item_fts MATCH ${keys ? `(${expression}) AND ${keys}` : expression}
          AND ${enoughTrigrams(plan, 'sqlite')}
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },
  });
}

/** The filters as FTS5 phrases on the filter_keys column (see migration 005). */
function sqliteFilterKeys(filters: SearchFilters): string | null {
  const parts: string[] = [];
  if (filters.scope.kind === 'client') parts.push(phrase(`c_${filters.scope.clientId};`));
  if (filters.statuses?.length) {
    const keys = filters.statuses.map((s) => phrase(`s_${foldSearchField(s) ?? '-'};`));
    parts.push(`(${keys.join(' OR ')})`);
  }
  return parts.length ? `filter_keys : (${parts.join(' AND ')})` : null;
}

// ------------------------------------------------------------------------ PostgreSQL

/** LIKE pattern for text anywhere (or at the start), wildcards in the text escaped. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const containsPattern = (text: string) => `%${escapeLike(text)}%`;

function postgresTiers(plan: SearchPlan, filters: SearchFilters): TextTiers {
  const where =
    (condition: RawBuilder<SqlBool>): Tier =>
    (db, limit) =>
      db
        .selectFrom('item_search as s')
        .select('s.item_id')
        .where(condition)
        .where(copiedFilters(filters))
        .limit(limit);
  if (plan.trigrams.length === 0)
    return { narrow: [], anyField: null, rest: [likeTier(plan, filters)] };
  const tiers: TextTiers = { narrow: [], anyField: null, rest: [] };
  if (hasPhrase(plan)) {
    const like = (column: string, pattern: string) =>
      sql<SqlBool>`${sql.ref(column)} LIKE ${pattern} ESCAPE '\\'`;
    const types = typesHolding(plan.text);
    tiers.narrow.push(
      where(like('s.name', `${escapeLike(plan.text)}%`)),
      where(like('s.name', containsPattern(plan.text))),
      Object.assign(where(like('s.component_name', containsPattern(plan.text))), {
        field: 'component_name' as const,
      }),
      // The types holding the text, looked up in the type index (LIKE '%…%' scans).
      Object.assign(where(sql<SqlBool>`s.status IN (${sql.join(types.length ? types : [''])})`), {
        field: 'status' as const,
      }),
    );
    tiers.anyField = where(like('s.doc', containsPattern(plan.text)));
  }
  const words = indexableWords(plan);
  if (words.length > 1) {
    tiers.rest.push(
      where(
        sql<SqlBool>`(${sql.join(
          words.map((w) => sql`s.doc LIKE ${containsPattern(w)} ESCAPE '\\'`),
          sql` AND `,
        )})`,
      ),
    );
  }
  // The index yields the documents holding any of the least common trigrams; the count
  // keeps those holding enough of them.
  const probe = sql.join(
    likelyRarestTrigrams(plan).map((t) => sql`s.doc LIKE ${containsPattern(t)} ESCAPE '\\'`),
    sql` OR `,
  );
  tiers.rest.push(where(sql<SqlBool>`((${probe}) AND ${enoughTrigrams(plan, 'postgres')})`));
  return tiers;
}

/** The filters on the search document's copies (item_search is kept with the item). */
function copiedFilters(filters: SearchFilters) {
  return sql<SqlBool>`(${sql.join(
    [
      inScope(filters.scope, 's.client_id'),
      ...(filters.statuses?.length
        ? [sql`s.status IN (${sql.join(filters.statuses.map((s) => foldSearchField(s)))})`]
        : []),
    ],
    sql` AND `,
  )})`;
}

// Letters from most to least common in English text; digits and others count as rare.
const COMMON_LETTERS = 'etaoinshrdlcumwfgypbvkjxqz';

/**
 * The pigeonhole cut picks the trigrams made of the least common letters: fewer and
 * shorter posting lists to merge. PostgreSQL keeps no per-trigram counts we could ask, and
 * SQLite's (fts5vocab) cost a read of each trigram's whole posting list.
 */
function likelyRarestTrigrams(plan: SearchPlan): string[] {
  const need = plan.trigrams.length - plan.minHits + 1;
  const commonness = (t: string) =>
    Array.from(t).reduce((sum, c) => {
      const rank = COMMON_LETTERS.indexOf(c);
      return sum + (rank < 0 ? 0 : COMMON_LETTERS.length - rank);
    }, 0);
  return [...plan.trigrams].sort((a, b) => commonness(a) - commonness(b)).slice(0, need);
}

// ------------------------------------------------------------------------------ both

const position = (dialect: Dialect) => sql.raw(dialect === 'postgres' ? 'strpos' : 'instr');

/** `Σ [text contains trigram]`: how many of the query's trigrams a text holds. */
function trigramHits(column: RawBuilder<unknown>, trigrams: string[], dialect: Dialect) {
  const pos = position(dialect);
  return sql.join(
    trigrams.map((t) => sql`CASE WHEN ${pos}(${column}, ${t}) > 0 THEN 1 ELSE 0 END`),
    sql` + `,
  );
}

function enoughTrigrams(plan: SearchPlan, dialect: Dialect): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${trigramHits(sql`s.doc`, plan.trigrams, dialect)}) >= ${sql.lit(plan.minHits)}`;
}

/** Items named exactly the query: they lead even when thousands of names start with it. */
function namedExactly(plan: SearchPlan, filters: SearchFilters): Tier {
  return (db, limit) =>
    db
      .selectFrom('item_search as s')
      .select('s.item_id')
      .where('s.name', '=', plan.text)
      .where(copiedFilters(filters))
      .limit(limit);
}

/**
 * Items whose name starts with the query, as a range of the name index: it reads only the
 * names that match. FTS5's `name : ^ "…"` finds the same items but walks the whole posting
 * list of the query's trigrams, which at a million items holds every item with the text in
 * any field ("warehouse" is in 300,000 locations and few names: 0.4 s). The upper bound is
 * the text followed by the last code point, above any name that starts with the text.
 */
function namedStartingWith(plan: SearchPlan, filters: SearchFilters): Tier {
  return (db, limit) =>
    db
      .selectFrom('item_search as s')
      .select('s.item_id')
      .where('s.name', '>=', plan.text)
      .where('s.name', '<', `${plan.text}\u{10FFFF}`)
      .where(copiedFilters(filters))
      .limit(limit);
}

/**
 * A query of punctuation and one- or two-letter words has no trigrams: it is looked for
 * as plain text, with a bounded scan.
 */
function likeTier(plan: SearchPlan, filters: SearchFilters): Tier {
  return (db, limit) =>
    db
      .selectFrom('item_search as s')
      .select('s.item_id')
      .where(sql<SqlBool>`s.doc LIKE ${containsPattern(plan.text)} ESCAPE '\\'`)
      .where(copiedFilters(filters))
      .limit(limit);
}
