import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { SEARCH_FIELDS, type SearchPlan } from '../../../common/search.ts';
import type { Database } from '../../db/schema.ts';
import {
  containsPattern,
  copiedFilters,
  DOCUMENT,
  enoughTrigrams,
  hasPhrase,
  isDocument,
  indexableWords,
  likelyRarestTrigrams,
  trigramCombinations,
  typesHolding,
  type SearchDocument,
  type SearchFilters,
  type TextTiers,
  type Tier,
  type TierRow,
} from './search-tiers.repo.ts';

/**
 * PostgreSQL's tiers (docs/decisions.md, "Search at a million items on PostgreSQL").
 * The trigram indexes on the document and the name are keyed by (client_id, status, …)
 * (migration 026), so a client user's or a type-filtered search intersects its filters
 * inside one index instead of fetching rows of other clients or types, and the name-prefix
 * tier is a range of a byte-ordered B-tree (by name, client then name, or type then name).
 * A type-filtered tier is planned for all its rows: with LIMIT 1,001 the planner bets
 * on a scan that meets enough matches early, and with a type its estimate is a product of
 * two guesses ("pallet" among crates: it expected 27,000, there are none, and it read the
 * whole table: 1 s at a million items). Without a filter that bet is usually right, and
 * cheaper than any index for a word in every third item ("warehouse": 10 ms scanning
 * against 200 ms building the trigram bitmap), so it stays the planner's choice there; a
 * client's scope alone also keeps it, as its B-tree bounds a bad bet to that client's
 * items (measured both ways, the planner's choice was faster for 9 to 10 of 12 queries).
 * "Planned for all its rows" is a MATERIALIZED common table expression, which PostgreSQL
 * plans as if every row were wanted (no bet on an early LIMIT) but still runs only as far
 * as the LIMIT outside asks; it chose the same trigram bitmaps as sequential scans off,
 * without the transaction and SET LOCAL that took three more round trips per tier. The
 * name-prefix range keeps sequential scans off: its plan must walk the B-tree in order.
 * Each tier returns the documents of its rows, not just their ids: it visits their table
 * pages anyway, and the ranking needs them (reading them again by id afterwards, 1,000
 * documents in a capped search, visited the same pages a second time).
 * Migration 031 adds partial trigram indexes per type and per bucket of clients, as a
 * multi-column GIN keeps the keys of each column apart: a type's or a client's key was
 * intersected with each trigram's list over every item (clientBucket, and the type's own
 * index taken for `status IN ('crate')`).
 */
export function postgresTiers(plan: SearchPlan, filters: SearchFilters): TextTiers {
  const filtered = Boolean(filters.statuses?.length);
  // `planAll`: the planner may not bet on a scan that meets matches early (see above).
  const where =
    (condition: RawBuilder<SqlBool>, planAll = filtered, byTrigrams = false): Tier =>
    (db, limit, found) => ({
      execute: () =>
        documentsMeeting(db, condition, filters, { limit, found, planAll, byTrigrams }),
    });
  // A condition the document's trigram index serves: a client user's names its bucket.
  const whereTrigrams = (condition: RawBuilder<SqlBool>, planAll = filtered) =>
    where(condition, planAll, true);
  const contains = (column: string, text: string) =>
    sql<SqlBool>`${sql.ref(column)} LIKE ${containsPattern(text)} ESCAPE '\\'`;
  // No trigram: a plain substring, read with its documents (a bounded scan; by id
  // afterwards, 1,000 documents cost 10–15 ms more).
  if (plan.trigrams.length === 0)
    return { narrow: [], anyField: null, rest: [where(contains('s.doc', plan.text), false)] };
  const tiers: TextTiers = { narrow: [], anyField: null, rest: [] };
  const words = indexableWords(plan);
  const everyWord =
    words.length > 1
      ? once(
          whereTrigrams(
            sql<SqlBool>`(${sql.join(
              words.map((w) => contains('s.doc', w)),
              sql` AND `,
            )})`,
          ),
        )
      : null;
  if (hasPhrase(plan)) {
    const types = typesHolding(plan.text);
    const prefix = once(nameStartingWith(plan, filters));
    const inName = once(where(contains('s.name', plan.text)));
    tiers.narrow.push(
      prefix,
      inName,
      // With a type filter the planner anded the component index with the type's key in
      // 026's index (219,000 crates at a million items: 60–170 ms under load); the document
      // holds the component, so asking it too takes the type's own index instead (031).
      Object.assign(
        where(
          filtered
            ? sql<SqlBool>`(${contains('s.component_name', plan.text)} AND ${contains('s.doc', plan.text)})`
            : contains('s.component_name', plan.text),
        ),
        { field: 'component_name' as const },
      ),
      // The types holding the text, looked up in the type index (LIKE '%…%' scans).
      Object.assign(where(sql<SqlBool>`s.status IN (${sql.join(types.length ? types : [''])})`), {
        field: 'status' as const,
      }),
    );
    const phrase = phraseTier(plan, where, whereTrigrams(contains('s.doc', plan.text)));
    // Names first only for one word over every item: within a client or a type the
    // documents are fewer, and few names hold a phrase ("stage deck"), so there the names'
    // query cost more than it saved (measured both ways at 1M items).
    const namesFirst = filters.scope.kind === 'all' && !filtered && !everyWord;
    tiers.anyField = filledOr(
      prefix,
      everyWord
        ? phraseAmong(plan, everyWord, phrase)
        : namesFirst
          ? filledOr(inName, phrase)
          : phrase,
    );
  }
  if (everyWord) tiers.rest.push(everyWord);
  const combinations = trigramCombinations(plan);
  tiers.rest.push(
    combinations
      ? whereTrigrams(anyCombination(combinations), true)
      : enoughOfRarestTrigrams(plan, filters),
  );
  return tiers;
}

/**
 * Where the phrase's words meet, as migration 029 indexes the document's: the last three
 * characters before each space and the first three after it ("fire certificate": "ire
 * cer"). A document holding the phrase holds each join whose sides the phrase fixes: the
 * words between two spaces are whole in the document too, but the first may be the end of
 * a longer word and the last the start of one, so a join is left out when that word is
 * shorter than three characters. Characters are counted as PostgreSQL's left and right
 * count them (code points).
 */
export function wordJoins(text: string): string[] {
  const words = text.split(' ').map((w) => Array.from(w));
  const last = words.length - 1;
  const joins = new Set<string>();
  for (let i = 0; i < last; i++) {
    const before = words[i]!;
    const after = words[i + 1]!;
    if ((i === 0 && before.length < 3) || (i + 1 === last && after.length < 3)) continue;
    joins.add(`${before.slice(-3).join('')} ${after.slice(0, 3).join('')}`);
  }
  return [...joins];
}

/**
 * The phrase's query. With a join to look up, the index of word joins hands over the
 * documents where the phrase's words meet, and each is checked for the phrase with
 * strpos, which no trigram index serves: the trigram index cannot tell that two words are
 * next to each other, and for a phrase of common words its bitmap was every document
 * holding them all ("fire certificate": 50,000 rows rechecked on the table, 0.7-0.9 s at
 * a million items; 0.1 ms from the joins' index, which none holds). Anded with that
 * bitmap, the trigrams still cost 70-100 ms for a common phrase ("office folder"), and
 * their recheck ran the joins' function on every row (0.8 s). Planned for all its rows:
 * with LIMIT 1,001 and a common join the planner bet on a sequential scan.
 */
function phraseTier(
  plan: SearchPlan,
  where: (condition: RawBuilder<SqlBool>, planAll?: boolean) => Tier,
  contains: Tier,
): Tier {
  const joins = wordJoins(plan.text);
  if (joins.length === 0) return contains;
  return where(
    sql<SqlBool>`(search_word_joins(s.doc) @> ${joins}::text[] AND strpos(s.doc, ${plan.text}) > 0)`,
    true,
  );
}

const holds = (trigram: string) => sql<SqlBool>`s.doc LIKE ${containsPattern(trigram)} ESCAPE '\\'`;

/**
 * The k-of-n trigram rule as a few conjunctions ("riser": any two of ris, ise, ser), each
 * an intersection inside the index; their union is exactly the documents holding enough
 * trigrams, and it is small however common each trigram is. Planned for all its rows:
 * the planner cannot estimate it and bet on a scan (330 ms for "riser 1m", which finds
 * nothing, at a million items).
 */
function anyCombination(combinations: string[][]): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    combinations.map((c) => sql`(${sql.join(c.map(holds), sql` AND `)})`),
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
function enoughOfRarestTrigrams(plan: SearchPlan, filters: SearchFilters): Tier {
  const typed = Boolean(filters.statuses?.length);
  return (db, limit, found) => ({
    async execute() {
      const rarest = rarestTrigrams(plan, await trigramShares(db));
      const misses = plan.trigrams.length - plan.minHits;
      const pairs = typed
        ? trigramCombinations(
            { ...plan, trigrams: rarest.slice(0, misses + 2), minHits: 2 },
            MAX_PAIRS,
          )
        : null;
      const probe = pairs
        ? anyCombination(pairs)
        : sql<SqlBool>`(${sql.join(rarest.slice(0, misses + 1).map(holds), sql` OR `)})`;
      return documentsMeeting(
        db,
        sql<SqlBool>`(${probe} AND ${enoughTrigrams(plan, 'postgres')})`,
        filters,
        // The pairs are planned for all their rows, as the conjunctions of a short typo.
        { limit, found, planAll: pairs !== null, byTrigrams: true },
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
 * A tier's rows: the documents meeting `condition` within the filters, leaving out what
 * earlier tiers found. `planAll`: planned for all its rows (see postgresTiers), yet read
 * only as far as the limit. `byTrigrams`: the condition is looked up in the document's
 * trigram index, and a client user's search names its bucket (clientBucket); not for other
 * conditions, where the planner took the bucket's index for the client's key alone and
 * rechecked all its items (a name tier: 17,800 pages), nor for a text without trigrams
 * (the index scanned whole: 0.7–1.7 s).
 */
async function documentsMeeting(
  db: Kysely<Database>,
  condition: RawBuilder<SqlBool>,
  filters: SearchFilters,
  options: { limit: number; found?: ReadonlySet<string>; planAll: boolean; byTrigrams?: boolean },
): Promise<TierRow[]> {
  const { limit, found, planAll, byTrigrams } = options;
  const query = db
    .selectFrom('item_search as s')
    .select(DOCUMENT)
    .where(condition)
    .where(copiedFilters(filters))
    .where(byTrigrams ? clientBucket(filters) : sql<SqlBool>`TRUE`)
    .where(notFound(found));
  const rows = limit - (found?.size ?? 0);
  if (!planAll) return query.limit(rows).execute();
  const planned = sql<SearchDocument>`WITH m AS MATERIALIZED (${query}) SELECT * FROM m LIMIT ${rows}`;
  return (await planned.execute(db)).rows;
}

/**
 * A client user's search without a type filter names the client's bucket, so the planner
 * takes that bucket's trigram index (migration 031): 026's index is keyed (client_id,
 * status, …), and a multi-column GIN keeps each column's keys apart, so the client's key
 * (26,000 items for the biggest client at a million) was intersected with each trigram's
 * list over every item (up to 300,000 for a common one: "warehouse" 100 ms of index work
 * under load). A bucket holds the items of the clients whose id ends in its characters,
 * and its lists only theirs (3–20 ms). The bucket is the last character's code point
 * modulo 16, as the indexes' predicates compute it; a literal, so the planner can match it.
 */
function clientBucket(filters: SearchFilters): RawBuilder<SqlBool> {
  const { scope } = filters;
  if (scope.kind !== 'client' || filters.statuses?.length) return sql<SqlBool>`TRUE`;
  const last = Array.from(scope.clientId).at(-1)?.codePointAt(0) ?? 0;
  return sql<SqlBool>`ascii(right(s.client_id, 1)) % ${sql.lit(CLIENT_BUCKETS)} = ${sql.lit(last % CLIENT_BUCKETS)}`;
}

/** As many as migration 031 made. */
const CLIENT_BUCKETS = 16;

/**
 * Leaves out the items earlier tiers found: a later tier then reads only new rows, up to
 * the number still missing (the probe of a typo stops earlier), and none is sent twice.
 */
function notFound(found: ReadonlySet<string> | undefined): RawBuilder<SqlBool> {
  return found?.size
    ? sql<SqlBool>`NOT (s.item_id = ANY(${[...found]}::text[]))`
    : sql<SqlBool>`TRUE`;
}

const SHARES_KEPT_MS = 60_000;
const sharesRead = new WeakMap<object, { at: number; shares: Promise<Map<string, number>> }>();

/**
 * The share of documents holding each of the commonest trigrams, as ANALYZE last
 * counted it (read at most once a minute per database). Empty when the statistics are
 * not there or not readable: the letters decide then.
 */
function trigramShares(db: Kysely<Database>): Promise<Map<string, number>> {
  const kept = sharesRead.get(db);
  if (kept && Date.now() - kept.at < SHARES_KEPT_MS) return kept.shares;
  const shares = sql<{ trigram: string; share: number }>`
    SELECT u.trigram, u.share FROM pg_stats_ext_exprs x,
      unnest(x.most_common_elems::text::text[], x.most_common_elem_freqs) AS u(trigram, share)
    WHERE x.statistics_name = 'item_search_trigrams' AND x.schemaname = current_schema()
      AND u.trigram IS NOT NULL`
    .execute(db)
    .then(
      ({ rows }) => new Map(rows.map((r) => [r.trigram, Number(r.share)])),
      () => new Map<string, number>(),
    );
  sharesRead.set(db, { at: Date.now(), shares });
  return shares;
}

/**
 * Names starting with the query, as a range of a byte-ordered B-tree: `LIKE 'crate%'`
 * went through the trigram index, which builds its whole bitmap (every name holding
 * "cra", "rat" and "ate") before the LIMIT applies: 70–500 ms at a million items. The
 * range compares under COLLATE "C" because the database's collation (C.UTF-8) is not one
 * PostgreSQL orders byte-wise; the stored name and the query are folded alike, so the byte
 * range is exactly the names starting with the text. The index chosen carries the filter:
 * (name), (client_id, name) or (status, name).
 */
function nameStartingWith(plan: SearchPlan, filters: SearchFilters): Tier {
  const name = sql`(s.name COLLATE "C")`;
  const range = (db: Kysely<Database>) =>
    db
      .selectFrom('item_search as s')
      .where(sql<SqlBool>`${name} >= ${plan.text}`)
      .where(sql<SqlBool>`${name} < ${`${plan.text}\u{10FFFF}`}`)
      .where(copiedFilters(filters));
  // A client and a type: the range of the client's names, the type read from the index
  // (it is included there), then the documents of the ids kept. The planner anded the
  // client's and the type's B-trees instead, estimating too few rows for the LIMIT to stop
  // early ("pallet" among one client's pallets: 119,523 names of the type read, 62–250 ms
  // under load, against 4); walking the range and reading each row's type on the table
  // cost 136 ms where no row was of the type ("crate" among pallets: 5,850 names).
  const both = filters.scope.kind === 'client' && Boolean(filters.statuses?.length);
  return (db, limit) => ({
    execute: () =>
      withIndexPlans(db, { bitmaps: !both }, (trx) =>
        both
          ? trx
              .with('ids', () => range(trx).select('s.item_id').limit(limit))
              .selectFrom('ids')
              .innerJoin('item_search as s', 's.item_id', 'ids.item_id')
              .select(DOCUMENT)
              .execute()
          : range(trx).select(DOCUMENT).limit(limit).execute(),
      ),
  });
}

/**
 * The "any field" tier, which tells whether the narrower tiers are needed at all (they
 * are when it reaches the cap). When names starting with the text, or else names holding
 * it, already reach it, so does the document (it holds the name), and those rows are an
 * answer for this tier: the document's trigram bitmap, the most expensive read of a common
 * word's search, is not built. The narrower tiers that then run find the same name rows
 * first and fill the cap, as before ("lighting" among crates: the names' index 18 ms, the
 * documents' 22 ms more under load, for rows that came after the cap).
 */
function filledOr(narrow: Tier, anyField: Tier): Tier {
  return (db, limit) => ({
    async execute() {
      const rows = await narrow(db, limit).execute();
      return rows.length >= limit ? rows : anyField(db, limit).execute();
    },
  });
}

/**
 * The phrase of several words, found among the documents holding every word when those
 * are below the cap: a document holding the phrase holds each of its words, so those
 * documents, checked for the phrase here, are all the phrase's matches. The phrase's own
 * query rechecked on the table every document holding its trigrams (20–40 ms at a million
 * items for "stage deck" or "scafold tube", which find nothing), and the words' tier is
 * asked anyway when the phrase is below the cap. Above it, when every row in hand holds
 * the phrase (it is as common as its words: "office folder"), those rows fill the cap;
 * otherwise the phrase is asked (phraseTier).
 */
function phraseAmong(plan: SearchPlan, everyWord: Tier, phrase: Tier): Tier {
  return (db, limit) => ({
    async execute() {
      const rows = await everyWord(db, limit).execute();
      const holding = rows.filter(
        (row) => isDocument(row) && documentText(row).includes(plan.text),
      );
      // Below the cap these are all; a phrase holding every row in hand fills it as well.
      if (rows.length < limit || holding.length >= limit) return holding;
      return phrase(db, limit).execute();
    },
  });
}

/** A document's text as the column `doc` joins it: every field, in order, by one space. */
const documentText = (document: SearchDocument) =>
  SEARCH_FIELDS.map((field) => document[field] ?? '').join(' ');

/** A tier asked twice in one search (as itself and inside filledOr) reads once. */
function once(tier: Tier): Tier {
  let last: { limit: number; rows: Promise<TierRow[]> } | null = null;
  return (db, limit) => ({
    execute() {
      if (last?.limit !== limit) last = { limit, rows: tier(db, limit).execute() };
      return last.rows;
    },
  });
}

/**
 * Runs the name-prefix range with sequential scans off, and bitmap scans too unless
 * `bitmaps` (SET LOCAL: for this transaction only). Inside a caller's transaction the setting would outlive the
 * query, so there the planner's own choice stands.
 */
async function withIndexPlans<T>(
  db: Kysely<Database>,
  { bitmaps }: { bitmaps: boolean },
  run: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return run(db);
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    if (!bitmaps) await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
    return run(trx);
  });
}
