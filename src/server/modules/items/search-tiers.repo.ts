import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { foldSearchField, type SearchField, type SearchPlan } from '../../../common/search.ts';
import { STATUSES } from '../../../common/status.ts';
import type { Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { inScope, type Scope } from '../catalog/scope.ts';

/**
 * What the search tiers of both engines share (search-candidates.repo.ts runs them; each
 * engine's own tiers are in search-tiers-sqlite.repo.ts and search-tiers-postgres.repo.ts).
 */

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
export const DOCUMENT = [
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
/** DOCUMENT's columns, read from the item_search row aliased `alias`. */
export const documentColumns = (alias: string) =>
  sql.join(DOCUMENT.map((column) => sql.ref(column.replace(/^s\./, `${alias}.`))));

// Every searched field is read: a field added to SEARCH_WEIGHTS fails to compile here.
type Unread = Exclude<`s.${SearchField}`, (typeof DOCUMENT)[number]>;
const everyFieldRead: Unread extends never ? true : never = true;
void everyFieldRead;

/**
 * A tier's row: the id, or the whole document when the tier reads it anyway (a tier that
 * rechecks rows on the table has them in hand; reading them again by id afterwards
 * visited the same table pages twice).
 */
export type TierRow = { item_id: string } | SearchDocument;
export const isDocument = (row: TierRow): row is SearchDocument => 'name' in row;

/**
 * One tier's query: at most `limit` rows. `found` (the items earlier tiers found) may be
 * left out of them, and then only `limit` minus their number are needed: the rows added
 * are the same, and fewer are read (PostgreSQL's tiers do so; SQLite's ignore it).
 */
export type Tier = (
  db: Kysely<Database>,
  limit: number,
  found?: ReadonlySet<string>,
) => { execute(): Promise<TierRow[]> };

/** A narrow tier, and the field whose few values tell beforehand whether it finds anything. */
export type NarrowTier = Tier & { field?: 'component_name' | 'status' };

export const FOLDED_STATUSES = STATUSES.map((s) => foldSearchField(s)!);
/** The folded types holding the text (an item's type is one of STATUSES). */
export const typesHolding = (text: string) => FOLDED_STATUSES.filter((s) => s.includes(text));

/**
 * The text tiers in order: `narrow` ones (name, component, type) each find a part of what
 * `anyField` (the text in any field) finds; `rest` (every word, typos) find more.
 */
export interface TextTiers {
  narrow: NarrowTier[];
  anyField: Tier | null;
  rest: Tier[];
}

/** Words of the query long enough to be looked up in a trigram index. */
export const indexableWords = (plan: SearchPlan) =>
  (plan.text.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => Array.from(w).length >= 3);

export const hasPhrase = (plan: SearchPlan) => Array.from(plan.text).length >= 3;

/**
 * The k-of-n trigram rule spelled out as (a AND b) OR ..., when that stays small: FTS5
 * evaluates each conjunction separately, and past a few of them probing with the rarest
 * trigrams and counting is cheaper (55 ms against 7 for "warehouse" in one client's items).
 */
export function trigramCombinations(plan: SearchPlan, max = 4): string[][] | null {
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

/** LIKE pattern for text anywhere (or at the start), wildcards in the text escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** The filters on the search document's copies (item_search is kept with the item). */
export function copiedFilters(filters: SearchFilters) {
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
export function likelyRarestTrigrams(plan: SearchPlan): string[] {
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

export function enoughTrigrams(
  plan: SearchPlan,
  dialect: Dialect,
  doc: RawBuilder<unknown> = sql`s.doc`,
): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${trigramHits(doc, plan.trigrams, dialect)}) >= ${sql.lit(plan.minHits)}`;
}

/** Items named exactly the query: they lead even when thousands of names start with it. */
export function namedExactly(plan: SearchPlan, filters: SearchFilters): Tier {
  return documentsWhere(sql<SqlBool>`s.name = ${plan.text}`, filters);
}

/**
 * Items whose name starts with the query, as a range of the name index: it reads only the
 * names that match. FTS5's `name : ^ "…"` finds the same items but walks the whole posting
 * list of the query's trigrams, which at a million items holds every item with the text in
 * any field ("warehouse" is in 300,000 locations and few names: 0.4 s). The upper bound is
 * the text followed by the last code point, above any name that starts with the text.
 */
export function namedStartingWith(plan: SearchPlan, filters: SearchFilters): Tier {
  const range = sql<SqlBool>`s.name >= ${plan.text} AND s.name < ${`${plan.text}\u{10FFFF}`}`;
  // SQLite (its tiers alone use this one): the inner query is the same covering index
  // walk as for ids only (its order decides which of more names than the cap are
  // taken), and each document is then read by its rowid: one lookup instead of two by
  // item_id afterwards (5 → 2 ms for "crate" at a million items).
  return (db, limit) => ({
    execute: async () =>
      (
        await sql<SearchDocument>`SELECT ${documentColumns('d')}
          FROM (SELECT s.item_id, s.seq FROM item_search s
            WHERE ${range} AND ${copiedFilters(filters)} LIMIT ${limit}) AS k
          CROSS JOIN item_search d ON d.seq = k.seq`.execute(db)
      ).rows,
  });
}

/**
 * A query of punctuation and one- or two-letter words has no trigrams: it is looked for
 * as plain text, with a bounded scan.
 */
export function likeTier(plan: SearchPlan, filters: SearchFilters): Tier {
  // The scan reads each whole row for `doc` anyway, so it gives the documents: the same
  // plan and rows on both engines, and no second read of them by id for the ranking
  // (SQLite, "ab" at a million items: 7.7 → 4.3 ms).
  return documentsWhere(
    sql<SqlBool>`s.doc LIKE ${containsPattern(plan.text)} ESCAPE '\\'`,
    filters,
    'documents',
  );
}

/**
 * The search documents meeting `condition` within the filters, `limit` at most: their ids
 * only, or the whole documents.
 */
function documentsWhere(
  condition: RawBuilder<SqlBool>,
  filters: SearchFilters,
  read: 'ids' | 'documents' = 'ids',
): Tier {
  return (db, limit) =>
    db
      .selectFrom('item_search as s')
      .select(read === 'ids' ? ['s.item_id'] : DOCUMENT)
      .where(condition)
      .where(copiedFilters(filters))
      .limit(limit);
}
