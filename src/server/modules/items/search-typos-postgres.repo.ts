import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { foldSearchField, type SearchPlan } from '../../../common/search.ts';
import type { Database } from '../../db/schema.ts';
import { documentsMeeting } from './search-rows-postgres.repo.ts';
import {
  containsPattern,
  enoughTrigrams,
  likelyRarestTrigrams,
  trigramCombinations,
  type SearchFilters,
  type Tier,
  type TierRow,
} from './search-tiers.repo.ts';

/**
 * PostgreSQL's typo tier: the items holding enough of the query's trigrams (the k-of-n
 * rule of common/search.ts), the last tier of a text search. Short typos are spelled out
 * as conjunctions of trigrams, longer ones probe with the rarest trigrams and count.
 * Over every item (a staff search without a type filter) three cheaper reads come first,
 * each only when the earlier ones did not fill the cap: the names when the statistics say
 * they can (namesFirst), the items of the clients, locations and types whose own name holds
 * the typo (referencesFirst), and a short typo's likeliest conjunction (likeliestFirst).
 */
export function typoTier(plan: SearchPlan, filters: SearchFilters): Tier {
  const everyItem = filters.scope.kind === 'all' && !filters.statuses?.length;
  const typos = (column: Column) => {
    const combinations = trigramCombinations(plan);
    if (!combinations) return enoughOfRarestTrigrams(plan, filters, column);
    const all = conjunctions(combinations, filters, column);
    return everyItem ? likeliestFirst(combinations, filters, column, all) : all;
  };
  if (!everyItem) return typos('doc');
  return namesFirst(plan, typos('name'), referencesFirst(plan, filters, typos('doc')));
}

/** The rows holding every trigram of one of the combinations. */
function conjunctions(combinations: string[][], filters: SearchFilters, column: Column): Tier {
  const condition = anyCombination(combinations, column);
  // Planned for all its rows: see anyCombination.
  return (db, limit, found) => ({
    execute: () =>
      documentsMeeting(db, condition, filters, {
        limit,
        found,
        planAll: true,
        byTrigrams: column === 'doc',
      }),
  });
}

/**
 * A short typo over every item, one conjunction first: the one whose least common trigram
 * is the most common, when the statistics say it can hold the rows still needed. When it
 * fills the cap the others are not looked up (their bitmaps were half of the tier: "cabel
 * 16a" at a million items, four conjunctions of three trigrams, 17 ms of index work for
 * rows the first one had); otherwise all of them are asked for the rest, leaving out what
 * it found, so below the cap the matches are the same.
 */
function likeliestFirst(
  combinations: string[][],
  filters: SearchFilters,
  column: Column,
  all: Tier,
): Tier {
  return (db, limit, found) => ({
    async execute() {
      const statistics = await trigramStatistics(db);
      const share = (t: string) => statistics[column].get(t) ?? 0;
      const atMost = (c: string[]) => Math.min(...c.map(share));
      const best = [...combinations].sort((a, b) => atMost(b) - atMost(a))[0]!;
      const needed = limit - (found?.size ?? 0);
      if (combinations.length === 1 || atMost(best) * statistics.rows < needed) {
        return all(db, limit, found).execute();
      }
      const first = await conjunctions([best], filters, column)(db, limit, found).execute();
      return thenTheRest(first, all, db, limit, found);
    },
  });
}

/** The column a typo is looked for in: the whole document, or the name alone. */
type Column = 'doc' | 'name';

const holds = (trigram: string, column: Column) =>
  sql<SqlBool>`${sql.ref(`s.${column}`)} LIKE ${containsPattern(trigram)} ESCAPE '\\'`;

/**
 * The k-of-n trigram rule as a few conjunctions ("riser": any two of ris, ise, ser), each
 * an intersection inside the index; their union is exactly the documents holding enough
 * trigrams, and it is small however common each trigram is. Planned for all its rows:
 * the planner cannot estimate it and bet on a scan (330 ms for "riser 1m", which finds
 * nothing, at a million items).
 */
function anyCombination(combinations: string[][], column: Column): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    combinations.map(
      (c) =>
        sql`(${sql.join(
          c.map((t) => holds(t, column)),
          sql` AND `,
        )})`,
    ),
    sql` OR `,
  )})`;
}

/**
 * More trigrams: the documents holding any of the least common ones, counted. Which are
 * least common comes from the statistics ANALYZE keeps on the documents' trigrams
 * (migration 026): "lightng" probes with htn, tng and lig (held by 2 % of documents)
 * rather than with igh and ght (weight, height: 15–19 %), and the union to count shrinks
 * accordingly (366 ms → about 20 at a million items). Without those statistics the
 * letters decide, as before. The planner keeps its choice: a scan is cheaper when the
 * union is large and the matches come early.
 *
 * With a type filter, where matches are sparse and the union is rechecked whole
 * ("standrd lamp" among crates: 11,800 rows on 10,300 table pages for 93 matches), the
 * probe is the pairs of one more rare trigram: a match misses at most n − k of the
 * query's n trigrams, so it holds two of any n − k + 2 of them. Each pair is one lookup
 * in the type's own index (migration 031), and their union is mostly matches (1,300 rows
 * rechecked there, 177 → 31 ms under load). Over every item or a client's the pairs cost
 * more index work than the rows they save (each common trigram's list read once per
 * pair), so the single trigrams stay there.
 */
function enoughOfRarestTrigrams(plan: SearchPlan, filters: SearchFilters, column: Column): Tier {
  const typed = Boolean(filters.statuses?.length);
  return (db, limit, found) => ({
    async execute() {
      const rarest = rarestTrigrams(plan, (await trigramStatistics(db))[column]);
      const misses = plan.trigrams.length - plan.minHits;
      const pairs = typed
        ? trigramCombinations(
            { ...plan, trigrams: rarest.slice(0, misses + 2), minHits: 2 },
            MAX_PAIRS,
          )
        : null;
      const probe = pairs
        ? anyCombination(pairs, column)
        : sql<SqlBool>`(${sql.join(
            rarest.slice(0, misses + 1).map((t) => holds(t, column)),
            sql` OR `,
          )})`;
      return documentsMeeting(
        db,
        sql<SqlBool>`(${probe} AND ${enoughTrigrams(plan, 'postgres', sql.ref(`s.${column}`))})`,
        filters,
        // The pairs are planned for all their rows, as the conjunctions of a short typo.
        { limit, found, planAll: pairs !== null, byTrigrams: column === 'doc' },
      );
    },
  });
}

/** Past this many pairs (a long query), the single rarest trigrams probe instead. */
const MAX_PAIRS = 15;

/**
 * The query's trigrams, least common first by the statistics' shares; trigrams they do
 * not list count as rarer than all they list, and ties (without statistics: all) go to
 * the letters' choice.
 */
function rarestTrigrams(plan: SearchPlan, shares: Map<string, number>): string[] {
  const share = (t: string) => shares.get(t) ?? 0;
  const letters = likelyRarestTrigrams(plan);
  const rank = (t: string) => (letters.includes(t) ? letters.indexOf(t) : letters.length);
  return [...plan.trigrams].sort((a, b) => share(a) - share(b) || rank(a) - rank(b));
}

/**
 * The typo tier over every item, on the names first: a name holding enough of the query's
 * trigrams is a match of the whole document too (the document holds the name), the best
 * kind of typo match (the name weighs most in the ranking), and the names' index and the
 * short names cost less to look through than the documents ("standrd lamp" at a million
 * items: 10,000 names match, and the names' probe took 17–22 ms against 43–51 for the
 * documents'). When the names fill the cap the documents are not read; otherwise their
 * query adds the rest, leaving out the names found, so below the cap the matches are the
 * same. Only when the statistics say enough names can match (namesCanFill): where none do
 * ("warehose 2 bay": 6,500 names rechecked for nothing, 26 ms) the documents go first.
 */
function namesFirst(plan: SearchPlan, names: Tier, documents: Tier): Tier {
  return (db, limit, found) => ({
    async execute() {
      const needed = limit - (found?.size ?? 0);
      if (!namesCanFill(plan, await trigramStatistics(db), needed)) {
        return documents(db, limit, found).execute();
      }
      const named = await names(db, limit, found).execute();
      return thenTheRest(named, documents, db, limit, found);
    },
  });
}

/**
 * The typo tier over every item, then the items of the clients, locations and component
 * types whose own name holds enough of the query's trigrams: those few names are read and
 * checked here, and their items looked up by the reference's index. The document holds
 * those names, so these are matches of the document too; when they fill the cap the
 * documents are not read, otherwise the documents' query adds the rest without them.
 * "warehose 2 bay" at a million items: two locations ("Warehouse 2 — Bay A" and "B")
 * hold five of its seven trigrams, and their 72,000 items were found by a sequential
 * scan checking the trigrams of every document in turn (31–36 ms for 1,001).
 */
function referencesFirst(plan: SearchPlan, filters: SearchFilters, documents: Tier): Tier {
  return (db, limit, found) => ({
    async execute() {
      const holding = await referencesHolding(db, plan);
      if (holding.length === 0) return documents(db, limit, found).execute();
      // The document is checked too: a reference renamed between the two reads (its items'
      // documents then hold the new name) must not bring items that no longer match.
      const condition = sql<SqlBool>`((${sql.join(
        holding.map(({ column, ids }) => sql`${sql.ref(`s.${column}`)} = ANY(${ids}::text[])`),
        sql` OR `,
      )}) AND ${enoughTrigrams(plan, 'postgres')})`;
      const referencing = await documentsMeeting(db, condition, filters, {
        limit,
        found,
        planAll: false,
      });
      return thenTheRest(referencing, documents, db, limit, found);
    },
  });
}

/** The references whose name holds enough of the query's trigrams, by column. */
async function referencesHolding(
  db: Kysely<Database>,
  plan: SearchPlan,
): Promise<Array<{ column: ReferenceColumn; ids: string[] }>> {
  const rows = await sql<{ kind: ReferenceColumn; id: string; name: string }>`
    SELECT 'client_id' AS kind, id, name FROM clients
    UNION ALL SELECT 'location_id', id, name FROM locations
    UNION ALL SELECT 'component_id', id, name FROM components`.execute(db);
  const enough = (name: string) => {
    const folded = foldSearchField(name) ?? '';
    return plan.trigrams.filter((t) => folded.includes(t)).length >= plan.minHits;
  };
  const byColumn = new Map<ReferenceColumn, string[]>();
  for (const row of rows.rows) {
    if (!enough(row.name)) continue;
    const ids = byColumn.get(row.kind) ?? [];
    ids.push(row.id);
    byColumn.set(row.kind, ids);
  }
  return [...byColumn].map(([column, ids]) => ({ column, ids }));
}

type ReferenceColumn = 'client_id' | 'location_id' | 'component_id';

/**
 * Rows a first query found, and when they are fewer than still needed, the rows of `rest`
 * without them (it is asked for all it finds beyond them and what earlier tiers found).
 */
async function thenTheRest(
  first: TierRow[],
  rest: Tier,
  db: Kysely<Database>,
  limit: number,
  found: ReadonlySet<string> | undefined,
): Promise<TierRow[]> {
  if (first.length >= limit - (found?.size ?? 0)) return first;
  const more = new Set(found);
  for (const row of first) more.add(row.item_id);
  return [...first, ...(await rest(db, limit, more).execute())];
}

/**
 * Whether the names can hold `needed` matches, by the statistics: a match holds at least
 * one of any n − k + 1 of the query's n trigrams, so there are at most as many as the
 * names holding the n − k + 1 least common ones together. A trigram the statistics do not
 * list counts as held by none (they list the thousand commonest; below those, names are
 * few), and without statistics the documents go first, as before.
 */
export function namesCanFill(
  plan: SearchPlan,
  statistics: TrigramStatistics,
  needed: number,
): boolean {
  const shares = plan.trigrams.map((t) => statistics.name.get(t) ?? 0).sort((a, b) => a - b);
  const atMost = shares
    .slice(0, plan.trigrams.length - plan.minHits + 1)
    .reduce((sum, share) => sum + share, 0);
  return atMost * statistics.rows >= needed;
}

/** Per column, the share of rows holding each of its commonest trigrams; and the rows. */
export interface TrigramStatistics {
  doc: Map<string, number>;
  name: Map<string, number>;
  rows: number;
}

const STATISTICS_KEPT_MS = 60_000;
const statisticsRead = new WeakMap<object, { at: number; read: Promise<TrigramStatistics> }>();

/** The statistics object of each column's trigrams (migrations 026 and 032). */
const STATISTICS_OF: Record<Column, string> = {
  doc: 'item_search_trigrams',
  name: 'item_search_name_trigrams',
};

/**
 * The share of documents, and of names, holding each of their commonest trigrams, as
 * ANALYZE last counted them, and the rows it counted (read at most once a minute per
 * database). Empty when the statistics are not there or not readable (pg_stats_ext_exprs
 * shows them to the table's owner, the role that ran the migrations): the letters decide
 * then, and the documents go first. The answers are the same either way.
 */
function trigramStatistics(db: Kysely<Database>): Promise<TrigramStatistics> {
  const kept = statisticsRead.get(db);
  if (kept && Date.now() - kept.at < STATISTICS_KEPT_MS) return kept.read;
  const read = sql<{ statistics: string; trigram: string; share: number; rows: number }>`
    SELECT x.statistics_name AS statistics, u.trigram, u.share,
      (SELECT reltuples FROM pg_class WHERE oid = 'item_search'::regclass) AS rows
    FROM pg_stats_ext_exprs x,
      unnest(x.most_common_elems::text::text[], x.most_common_elem_freqs) AS u(trigram, share)
    WHERE x.statistics_name IN (${STATISTICS_OF.doc}, ${STATISTICS_OF.name})
      AND x.schemaname = (SELECT n.nspname FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = 'item_search'::regclass)
      AND u.trigram IS NOT NULL`
    .execute(db)
    .then(
      ({ rows }) => {
        const of = (column: Column) =>
          new Map(
            rows
              .filter((r) => r.statistics === STATISTICS_OF[column])
              .map((r) => [r.trigram, Number(r.share)]),
          );
        return { doc: of('doc'), name: of('name'), rows: Math.max(0, Number(rows[0]?.rows ?? 0)) };
      },
      () => ({ doc: new Map<string, number>(), name: new Map<string, number>(), rows: 0 }),
    );
  statisticsRead.set(db, { at: Date.now(), read });
  return read;
}
