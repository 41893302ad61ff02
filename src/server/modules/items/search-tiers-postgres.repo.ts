import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { SEARCH_FIELDS, searchTrigrams, type SearchPlan } from '../../../common/search.ts';
import type { Database } from '../../db/schema.ts';
import { documentsMeeting } from './search-rows-postgres.repo.ts';
import {
  containsPattern,
  copiedFilters,
  DOCUMENT,
  hasPhrase,
  isDocument,
  indexableWords,
  typesHolding,
  type NarrowTier,
  type SearchDocument,
  type SearchFilters,
  type TextTiers,
  type Tier,
  type TierRow,
} from './search-tiers.repo.ts';
import { typoTier } from './search-typos-postgres.repo.ts';
import { piecesInNoWord } from './search-words.repo.ts';

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
  const inSomeWord = textInSomeWord(plan);
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
    // Each of these finds only documents holding the whole text.
    tiers.narrow = tiers.narrow.map((tier) => onlyIf(inSomeWord.text, tier));
    tiers.anyField = onlyIf(inSomeWord.text, tiers.anyField);
  }
  if (everyWord) tiers.rest.push(onlyIf(inSomeWord.words, everyWord));
  tiers.rest.push(typoTier(plan, filters));
  return tiers;
}

/** Whether documents can hold something, asked once per search. */
type Possible = (db: Kysely<Database>) => Promise<boolean>;

/**
 * Whether the text, and each of its indexable words, can be in a document at all: every
 * piece of it between spaces must be inside one word of a document (search_words,
 * migration 033), as a document's words are what lies between its spaces. A misspelled
 * word is usually in none, and then the tiers that look for it as it is typed are skipped:
 * their trigram lookups offered every document holding its trigrams apart and rechecked
 * each on the table to find nothing ("tarp", 2,928 documents, 10 ms at a million items;
 * "warehose 2 bay" 15 ms), while one look in the words' trigram index costs 0.2–0.5 ms.
 * Pieces without a trigram (no run of three letters or digits: "2m", "---") could only be
 * looked up by reading every word, and count as found. One query answers for the text and
 * the words.
 */
function textInSomeWord(plan: SearchPlan): { text: Possible; words: Possible } {
  const pieces = plan.text.split(' ').filter((piece) => searchTrigrams(piece).length > 0);
  const words = indexableWords(plan);
  const asked = [...new Set([...pieces, ...words])];
  let missing: Promise<Set<string>> | null = null;
  const inNoWord = (db: Kysely<Database>) => (missing ??= piecesInNoWord(db, asked));
  return {
    text: async (db) => allIn(await inNoWord(db), pieces),
    words: async (db) => allIn(await inNoWord(db), words),
  };
}

const allIn = (missing: Set<string>, pieces: string[]) => !pieces.some((p) => missing.has(p));

/** A tier that reads nothing when its documents cannot exist; a narrow tier keeps its field. */
function onlyIf(possible: Possible, tier: NarrowTier): NarrowTier {
  const gated: Tier = (db, limit, found) => ({
    execute: async () => ((await possible(db)) ? tier(db, limit, found).execute() : []),
  });
  return Object.assign(gated, { field: tier.field });
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
