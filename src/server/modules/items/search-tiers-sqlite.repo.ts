import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import {
  foldSearchField,
  SEARCH_FIELDS,
  type SearchField,
  type SearchPlan,
} from '../../../common/search.ts';
import type { Database } from '../../db/schema.ts';
import { CLIENT_KEY_BASE, TYPE_KEY_BASE } from '../../db/migrations/025_search_keys.ts';
import {
  copiedFilters,
  documentColumns,
  enoughTrigrams,
  hasPhrase,
  indexableWords,
  likelyRarestTrigrams,
  likeTier,
  namedStartingWith,
  trigramCombinations,
  typesHolding,
  type SearchDocument,
  type SearchFilters,
  type TextTiers,
  type Tier,
} from './search-tiers.repo.ts';

/** An FTS5 string: quoted, so `*`, `NEAR(` or `"` in a query are only text. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The two trigram indexes (migration 025): `item_fts` over every searched field,
 * `item_name_fts` over the name and component name only, whose posting lists hold name
 * matches alone. Both carry the one-trigram filter keys. "Any field" and the keys need no
 * column filter: the keys' private-use characters occur in no text and the text's trigrams
 * in no key, and a filter naming every column but the keys made FTS5 decode each row's
 * positions to check their columns.
 */
type FtsTable = 'item_fts' | 'item_name_fts';

export function sqliteTiers(plan: SearchPlan, filters: SearchFilters): TextTiers {
  const keys = sqliteFilterKeys(filters);
  const fts = (table: FtsTable, expression: Expression, check?: Check) =>
    ftsTier(table, expression, keys, filters, check);

  if (plan.trigrams.length === 0)
    return { narrow: [], anyField: null, rest: [likeTier(plan, filters)] };
  const tiers: TextTiers = { narrow: [], anyField: null, rest: [] };
  const rarest = rarestTrigrams(plan, filters);
  if (hasPhrase(plan)) {
    // Within a type filter, only the filtered types holding the text: "pallet" with the
    // Crate filter intersected every pallet's key with every crate's (43 ms) to find none.
    const filtered = filters.statuses?.map((s) => foldSearchField(s));
    const types = typesHolding(plan.text)
      .filter((t) => !filtered || filtered.includes(t))
      .map((t) => phrase(typeKey(t)));
    tiers.narrow.push(
      // A range of the (client_id, name), (status, name) or name index: only the names
      // with the prefix within the filters are read.
      namedStartingWith(plan, filters),
      fts('item_name_fts', rarest('name'), { holds: fieldHolds('name', plan.text) }),
      Object.assign(
        fts('item_name_fts', rarest('component_name'), {
          holds: fieldHolds('component_name', plan.text),
        }),
        { field: 'component_name' as const },
      ),
      // The types holding the text, by their keys: one short posting list each.
      Object.assign(
        fts('item_name_fts', async () =>
          types.length ? `filter_keys : (${types.join(' OR ')})` : null,
        ),
        {
          field: 'status' as const,
        },
      ),
    );
    tiers.anyField = fts('item_fts', rarest(), { holds: someFieldHolds(plan.text) });
  }
  // A later tier asking for the any-field tier's own trigrams, with `check`: both share
  // one walk (oneWalk). Only within a client or a type: without them the walk mostly stops
  // at the limit ("plinth 600 c" as staff), and then the any-field tier walks again.
  let shared = false;
  const sameTrigrams = (check: Check, otherwise: Tier) => {
    if (!tiers.anyField || shared || keys === null) return otherwise;
    shared = true;
    const flagged = { ...check, flag: someFieldHolds(plan.text) };
    const [anyField, later] = oneWalk(tiers.anyField, fts('item_fts', rarest(), flagged));
    tiers.anyField = anyField;
    return later;
  };
  const words = indexableWords(plan);
  if (words.length > 1) {
    const every = sql<SqlBool>`(${sql.join(words.map(someFieldHolds), sql` AND `)})`;
    tiers.rest.push(sameTrigrams({ holds: every }, fts('item_fts', rarest(), { holds: every })));
  }
  // Within one client, the typo tier is always the probe: see sqliteProbeTier.
  const combinations = filters.scope.kind === 'client' ? null : trigramCombinations(plan);
  if (combinations) {
    const any = combinations.map((c) => `(${c.map(phrase).join(' AND ')})`).join(' OR ');
    const all = plan.trigrams.length;
    const typos = fts('item_fts', any);
    // Every trigram needed ("tarp": "tar" and "arp"), and the any-field tier asks for all.
    const same = plan.minHits === all && all <= prefilterTrigrams(filters);
    tiers.rest.push(same ? sameTrigrams({}, typos) : typos);
  } else {
    const probe = sqliteProbeTier(plan, keys, filters, rarest.byRareness);
    // Within a client with every trigram needed ("tarp"), the probe asks for the rarest
    // alone, as the any-field tier does there (prefilterTrigrams).
    const same = filters.scope.kind === 'client' && plan.minHits === plan.trigrams.length;
    const docHolds = (doc: RawBuilder<unknown>) => enoughTrigrams(plan, 'sqlite', doc);
    tiers.rest.push(same ? sameTrigrams({ docHolds }, probe) : probe);
  }
  return tiers;
}

/** An FTS5 expression, or one that needs the trigrams' counts first (null: finds nothing). */
type Expression = string | ((db: Kysely<Database>) => Promise<string | null>);

/**
 * What a row the index found must also hold: `holds` on its columns, `docHolds` on its
 * whole document. `flag`, if given, is read into each row's `flagged` as well.
 */
interface Check {
  holds?: RawBuilder<SqlBool>;
  docHolds?: (doc: RawBuilder<unknown>) => RawBuilder<SqlBool>;
  flag?: RawBuilder<SqlBool>;
}

/** A row of an FTS tier: the document, and its `Check.flag` when one was asked for. */
type FtsRow = SearchDocument & { flagged?: number };

/**
 * The any-field tier (the text in one field) and a later tier that asks the index for the
 * same trigrams and finds every row of the first: the every-word tier of a query of several
 * words (each word in some field), or the typo tier of a word whose every trigram is needed
 * ("tarp"). `later` flags the rows that hold the whole text; below the limit it found
 * every row of both, so one walk answers both tiers ("stage deck" as a client user: two
 * walks of 4.9 and 3.4 ms of CPU at a million items). At the limit the flagged rows may
 * not be all of the any-field tier's, which then runs on its own.
 */
function oneWalk(anyField: Tier, later: Tier): [Tier, Tier] {
  const walks = new Map<number, Promise<FtsRow[]>>();
  const walk = (db: Kysely<Database>, limit: number) => {
    let rows = walks.get(limit);
    if (!rows) walks.set(limit, (rows = later(db, limit).execute() as Promise<FtsRow[]>));
    return rows;
  };
  const documents = (rows: FtsRow[]) => rows.map(({ flagged: _, ...document }) => document);
  return [
    (db, limit) => ({
      async execute() {
        const rows = await walk(db, limit);
        if (rows.length >= limit) return anyField(db, limit).execute();
        return documents(rows.filter((r) => r.flagged));
      },
    }),
    (db, limit) => ({ execute: async () => documents(await walk(db, limit)) }),
  ];
}

/**
 * How many of the text's rarest trigrams the index is asked for before rows are checked.
 * FTS5 walks every posting list of a conjunction to its end (it skips no pages at these
 * sizes), so each trigram costs its whole list, and it pays only by leaving fewer rows to
 * check. Without filters three: with two, "cabel 16a" read the 9,900 items holding "16a"
 * and "cab" (every "cable 16a") to find none; "bel" leaves 1,100. A client's key leaves
 * few rows anyway (26,000 items of a million at most): one, so a client user's "warehouse"
 * walks one list of 143,600 items and not three. A type's key leaves more (Crate: 219,000):
 * two ("scafold tube" + Crate 7.9 → 6.9 ms, "stage deck" 9.2 → 6.0, "cabel 16a" 6.6 → 3.9
 * ms of CPU at a million items; docs/decisions.md, "SQLite search at a million items,
 * session 11").
 */
const prefilterTrigrams = (filters: SearchFilters) =>
  filters.scope.kind === 'client' ? 1 : filters.statuses?.length ? 2 : 3;

/**
 * The text (or every word) in a field, found as the rows holding its rarest trigrams
 * (prefilterTrigrams), each row then checked for the text itself. FTS5's phrase query ("lighting",
 * or "stage" AND "deck") finds the same rows but decodes the positions of every trigram
 * of the phrase in every item holding them all, before the client's or type's key narrows
 * anything: 18 ms of CPU for a client user's "lighting" at a million items, against 4 ms
 * for the rarest trigrams with the key and 2 ms to check the 589 rows they bring
 * (docs/decisions.md, "SQLite search at a million items, session 10"). The check is instr
 * on the folded field, which is what the trigram phrase matches: the text inside one
 * field (the document would also match a text with spaces across two fields).
 */
function rarestTrigrams(plan: SearchPlan, filters: SearchFilters) {
  const words = indexableWords(plan);
  let order: Promise<CountedTrigram[]> | undefined;
  // Counted once per search: the probe tier orders by the same counts.
  const byRareness: ByRareness = (db) => (order ??= trigramsByRareness(db, plan, filters));
  const rarest =
    (column?: 'name' | 'component_name'): Expression =>
    async (db) => {
      const chosen = acrossWords(await byRareness(db), words, prefilterTrigrams(filters));
      if (chosen.some((c) => c.n === 0)) return null;
      const all = chosen.map((c) => phrase(c.t)).join(' AND ');
      return column ? `${column} : (${all})` : all;
    };
  return Object.assign(rarest, { byRareness });
}

/**
 * The first `count` trigrams of `order`, one from each word of the text before a second
 * from any: a word's trigrams mostly come together, so a second one narrows little and
 * costs its whole posting list. "plinth 600 c" with the Crate filter asked for "nth" and
 * "pli" (every crate plinth, 46 ms of CPU to check them at a million items) where "nth"
 * and "600" leave a hundred rows.
 */
function acrossWords(order: CountedTrigram[], words: string[], count: number) {
  const chosen: CountedTrigram[] = [];
  const covered = new Set<string>();
  for (const c of order) {
    const from = words.filter((w) => w.includes(c.t));
    if (chosen.length < count && from.some((w) => !covered.has(w))) {
      chosen.push(c);
      for (const w of from) covered.add(w);
    }
  }
  for (const c of order) if (chosen.length < count && !chosen.includes(c)) chosen.push(c);
  return chosen;
}

interface CountedTrigram {
  t: string;
  /** Items holding it, exact below RARE_TRIGRAM. */
  n: number;
}
type ByRareness = (db: Kysely<Database>) => Promise<CountedTrigram[]>;

const fieldHolds = (field: SearchField, text: string) =>
  sql<SqlBool>`instr(${sql.ref(`s.${field}`)}, ${text}) > 0`;

/** The text inside one of the searched fields (a NULL field holds nothing). */
const someFieldHolds = (text: string) =>
  sql<SqlBool>`(${sql.join(
    SEARCH_FIELDS.map((f) => fieldHolds(f, text)),
    sql` OR `,
  )})`;

/**
 * The items an FTS5 expression finds within the filters. The keys narrow the index walk;
 * the filters are checked again on each row (two clients whose ids begin alike share a
 * key). CROSS JOIN keeps the index walk outside: SQLite would otherwise walk a client's
 * every item and ask FTS5 about each. `docHolds` (the typo tier's trigram count) reads
 * the document once per row: `doc` is a virtual column, and SQLite computed it again for
 * each of the query's trigrams (10 times for "standrd lamp"): the LIMIT -1 keeps the
 * inner query from being merged into the outer one, so its `doc` is a value. The rows are
 * the documents, read here from the row the filters were checked on: reading them again by
 * id once the candidates were chosen cost 4–7 ms of CPU for a thousand at a million items.
 */
function ftsTier(
  table: FtsTable,
  expression: Expression,
  keys: string | null,
  filters: SearchFilters,
  { holds, docHolds, flag }: Check = {},
): Tier {
  const fts = sql.table(table);
  return (db, limit) => ({
    async execute() {
      const match = typeof expression === 'string' ? expression : await expression(db);
      if (match === null) return [];
      const columns = [
        documentColumns('s'),
        ...(flag ? [sql`${flag} AS flagged`] : []),
        ...(docHolds ? [sql`s.doc`] : []),
      ];
      const found = sql`SELECT ${sql.join(columns)} FROM ${fts}
        CROSS JOIN item_search s ON s.seq = ${fts}.rowid
        WHERE ${fts} MATCH ${keys ? `(${match}) AND ${keys}` : match}
          AND ${copiedFilters(filters)} AND ${holds ?? sql`1 = 1`}`;
      const outer = [documentColumns('f'), ...(flag ? [sql`f.flagged`] : [])];
      const query = docHolds
        ? sql<FtsRow>`SELECT ${sql.join(outer)}
            FROM (${found} LIMIT -1) AS f WHERE ${docHolds(sql`f.doc`)} LIMIT ${limit}`
        : sql<FtsRow>`${found} LIMIT ${limit}`;
      return (await query.execute(db)).rows;
    },
  });
}

/**
 * Queries of more than a few trigrams: probe the index with trigrams every match holds
 * some of, and count hits on the rows found. A match misses at most n - minHits of the
 * query's n trigrams, so it holds one of any n - minHits + 1 of them, and two of any
 * n - minHits + 2: when there are that many, the probe asks for pairs of the rarest
 * (FTS5 intersects each pair) instead of one of them, so a common trigram ("amp" in
 * "standrd lamp") no longer brings in every row holding it (docs/decisions.md, "SQLite
 * search at a million items"). A trigram found in no item drops its pairs.
 */
function sqliteProbeTier(
  plan: SearchPlan,
  keys: string | null,
  filters: SearchFilters,
  byRareness: ByRareness,
): Tier {
  return (db, limit) => ({
    async execute() {
      const missable = plan.trigrams.length - plan.minHits;
      const counted = await byRareness(db);
      const pairs = filters.scope.kind === 'all' && missable + 2 <= plan.trigrams.length;
      const chosen = counted.slice(0, missable + (pairs ? 2 : 1));
      const present = chosen.filter((c) => c.n > 0).map((c) => phrase(c.t));
      const expression = pairs
        ? present.flatMap((a, i) => present.slice(i + 1).map((b) => `(${a} AND ${b})`)).join(' OR ')
        : present.join(' OR ');
      if (expression === '') return [];
      return ftsTier('item_fts', expression, keys, filters, {
        docHolds: (doc) => enoughTrigrams(plan, 'sqlite', doc),
      })(db, limit).execute();
    },
  });
}

/** Up to this many items a trigram's count is read exactly; past it, it is estimated. */
const RARE_TRIGRAM = 1_000;

/**
 * The query's trigrams, those in the fewest items first, ties broken by their letters.
 * A rare trigram is counted exactly (up to RARE_TRIGRAM items, a fraction of a
 * millisecond); a common one by the leaf pages its posting list spans in each segment of
 * the index, read from FTS5's own page index (`item_fts_idx`: one row per leaf page that
 * starts a term, the first term on it; a term's list runs to the next such row). Reading
 * counts up to 20,000 cost 1–2 ms a trigram at a million items and left every common
 * trigram tied: "standrd lamp" then probed with "amp" ∧ "lam" (every lamp: 64,000 items,
 * 23,000 crates, 0.5 s with the Crate filter) over "ndr" ∧ "lam" (3,300). The pages are only
 * an estimate (a term missing from a segment is given its neighbour's pages), which is why
 * rare trigrams are counted: a worse order costs time, never matches.
 * A trigram of the client's name or of a filtered type's comes last whatever its count:
 * every item in scope holds it ("lin" of a client "Berlin …" made a client user's
 * "plinth 600 c" check all 26,000 of their items at a million: 0.7 s).
 */
async function trigramsByRareness(
  db: Kysely<Database>,
  plan: SearchPlan,
  filters: SearchFilters,
): Promise<CountedTrigram[]> {
  // Every trigram, the likeliest rare first (need = n when minHits is 1).
  const byLetters = likelyRarestTrigrams({ ...plan, minHits: 1 });
  const counts = byLetters.map(
    (t, i) =>
      sql`(SELECT count(*) FROM (SELECT 1 FROM item_fts WHERE item_fts MATCH ${phrase(t)}
        LIMIT ${RARE_TRIGRAM})) AS ${sql.ref(`c${i}`)}`,
  );
  // Terms in item_fts_idx are the term's UTF-8 bytes after '0' (the main index). Its
  // segments are found one index lookup each (DISTINCT read all 16,000 rows: 2 ms).
  const term = (t: string) => sql`CAST(${`0${t}`} AS BLOB)`;
  const pages = byLetters.map(
    (t, i) =>
      sql`(SELECT sum(coalesce(
          (SELECT pgno FROM item_fts_idx x WHERE x.segid = g.segid AND x.term > ${term(t)}
            ORDER BY x.term LIMIT 1) -
          (SELECT pgno FROM item_fts_idx x WHERE x.segid = g.segid AND x.term <= ${term(t)}
            ORDER BY x.term DESC LIMIT 1), 0)) FROM segments g) AS ${sql.ref(`p${i}`)}`,
  );
  const row = (
    await sql<Record<string, number>>`WITH RECURSIVE segments(segid) AS (
        SELECT min(segid) FROM item_fts_idx
        UNION ALL
        SELECT (SELECT min(x.segid) FROM item_fts_idx x WHERE x.segid > g.segid)
        FROM segments g WHERE g.segid IS NOT NULL)
      SELECT ${sql.join([...counts, ...pages])}`.execute(db)
  ).rows[0]!;
  const everywhere = await scopeText(db, filters);
  const order = byLetters.map((t, i) => {
    const n = row[`c${i}`]!;
    return {
      t,
      n,
      inScope: everywhere.includes(t) ? 1 : 0,
      size: n < RARE_TRIGRAM ? n : RARE_TRIGRAM + (row[`p${i}`] ?? 0),
    };
  });
  // Stable: equal sizes keep the letters' order.
  order.sort((a, b) => a.inScope - b.inScope || a.size - b.size);
  return order;
}

/** Text every item within the filters holds: its client's name and its type. */
async function scopeText(db: Kysely<Database>, filters: SearchFilters): Promise<string> {
  const client =
    filters.scope.kind === 'client'
      ? await db
          .selectFrom('clients')
          .select('name')
          .where('id', '=', filters.scope.clientId)
          .executeTakeFirst()
      : undefined;
  return [client?.name, ...(filters.statuses ?? [])].map((t) => foldSearchField(t) ?? '').join(' ');
}

/** The filters as FTS5 phrases on the filter_keys column: one trigram each (migration 025). */
function sqliteFilterKeys(filters: SearchFilters): string | null {
  const parts: string[] = [];
  if (filters.scope.kind === 'client') parts.push(phrase(clientKey(filters.scope.clientId)));
  if (filters.statuses?.length) {
    const keys = filters.statuses.map((s) => phrase(typeKey(foldSearchField(s))));
    parts.push(`(${keys.join(' OR ')})`);
  }
  return parts.length ? parts.join(' AND ') : null;
}

/**
 * A filter key as migration 025's generated column writes it: one private-use character
 * per two characters of the value (code points modulo 128), from its first six.
 */
function filterKey(base: number, value: string | null): string {
  const codes = Array.from(value ?? '-').map((c) => c.codePointAt(0)! % 128);
  return [0, 2, 4]
    .map((i) => String.fromCodePoint(base + (codes[i] ?? 0) * 128 + (codes[i + 1] ?? 0)))
    .join('');
}

export const clientKey = (clientId: string | null) => filterKey(CLIENT_KEY_BASE, clientId);
/** The key of a folded type. */
export const typeKey = (folded: string | null) => filterKey(TYPE_KEY_BASE, folded);
