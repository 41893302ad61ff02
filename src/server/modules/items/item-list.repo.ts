import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { normalizeLabelCode } from '../../../common/label-code.ts';
import {
  SEARCH_FIELDS,
  SEARCH_MATCH_SCORES,
  SEARCH_WEIGHTS,
  type SearchPlan,
} from '../../../common/search.ts';
import type { Item } from '../../../common/schemas/item.ts';
import type { Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { itemRows, toItem } from './items.repo.ts';

export interface ItemQuery {
  /** Client users see only their client's items; null for staff. */
  clientId: string | null;
  manifestId?: string;
  statuses?: string[];
  search: SearchPlan | null;
  /** Without a limit every matching item is returned. */
  limit?: number;
  offset?: number;
}

/**
 * Items filtered, ranked, paged and counted in the database. The walk starts at the
 * search documents (every item has one, written by the items service): by their folded
 * name index for plain lists, by the trigram index for searches. Only the page is then
 * joined with the names it shows. Scoping always reads items.client_id itself, never a
 * copy in the search document.
 */
export async function queryItems(
  db: Kysely<Database>,
  dialect: Dialect,
  query: ItemQuery,
): Promise<{ items: Item[]; total: number }> {
  const plan = query.search;
  const exactIds = plan ? await exactMatchIds(db, plan) : [];
  const probe = !plan
    ? []
    : dialect === 'sqlite'
      ? await rarestTrigrams(db, plan)
      : likelyRarestTrigrams(plan);
  const itemFilter = query.clientId !== null || query.manifestId || query.statuses?.length;
  const filtered = db
    .selectFrom('item_search as s')
    // A semi-join rather than a join: an unfiltered count then reads one index only.
    .$if(Boolean(itemFilter), (qb) =>
      qb.where('s.item_id', 'in', (eb) =>
        eb
          .selectFrom('items')
          .select('items.id')
          .$if(query.clientId !== null, (sq) => sq.where('items.client_id', '=', query.clientId))
          .$if(query.manifestId !== undefined, (sq) =>
            sq.where('items.manifest_id', '=', query.manifestId!),
          )
          .$if(Boolean(query.statuses?.length), (sq) =>
            sq.where('items.status', 'in', query.statuses!),
          ),
      ),
    )
    .$if(plan !== null, (qb) => qb.where(matchOf(plan!, exactIds, probe, dialect)));

  const ranked = filtered
    .select([
      's.item_id as id',
      's.name as sort_name',
      (plan ? exactOf(exactIds, 's.item_id') : sql<SqlBool>`0`).as('exact'),
      (plan ? scoreOf(plan, dialect) : sql<number>`0`).as('score'),
    ])
    .$if(plan !== null, (qb) => qb.orderBy('exact', 'desc').orderBy('score', 'desc'))
    .orderBy('s.name', (ob) => ob.asc().nullsLast())
    .orderBy('s.item_id')
    .$if(query.limit !== undefined, (qb) => qb.limit(query.limit!).offset(query.offset ?? 0));

  const rows = await db
    .with('page', () => ranked)
    .selectFrom('page')
    .innerJoin(itemRows(db).as('i'), 'i.id', 'page.id')
    .selectAll('i')
    .orderBy('page.exact', 'desc')
    .orderBy('page.score', 'desc')
    .orderBy('page.sort_name', (ob) => ob.asc().nullsLast())
    .orderBy('page.id')
    .execute();
  const items = rows.map(toItem);

  if (query.limit === undefined) return { items, total: items.length };
  // A separate count is cheaper than a window over every match, and still answers
  // past the last page.
  const counted = await filtered
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { items, total: Number(counted.n) };
}

/**
 * The items whose id, or one of whose label ids, is the query: looked up first with two
 * primary-key reads, so the main query sees a short literal list it can OR with the
 * trigram index (a subquery there would defeat PostgreSQL's bitmap OR).
 */
async function exactMatchIds(db: Kysely<Database>, plan: SearchPlan): Promise<string[]> {
  const ids = await db
    .selectFrom('items')
    .select('id')
    .where('id', 'in', [plan.raw, plan.raw.toLowerCase()])
    .execute();
  const code = normalizeLabelCode(plan.raw);
  const labelled = code
    ? await db
        .selectFrom('labels')
        .select('item_id')
        .where('id', '=', code)
        .where('item_id', 'is not', null)
        .execute()
    : [];
  return [...new Set([...ids.map((r) => r.id), ...labelled.map((r) => r.item_id!)])];
}

function exactOf(exactIds: string[], column: string): RawBuilder<SqlBool> {
  if (exactIds.length === 0) return sql<SqlBool>`(1 = 0)`;
  return sql<SqlBool>`(${sql.ref(column)} IN (${sql.join(exactIds)}))`;
}

const position = (dialect: Dialect) => sql.raw(dialect === 'postgres' ? 'strpos' : 'instr');

/** `Σ [text contains trigram]`: how many of the query's trigrams a text holds. */
function trigramHits(column: RawBuilder<unknown>, trigrams: string[], dialect: Dialect) {
  const pos = position(dialect);
  return sql.join(
    trigrams.map((t) => sql`CASE WHEN ${pos}(${column}, ${t}) > 0 THEN 1 ELSE 0 END`),
    sql` + `,
  );
}

/**
 * Which documents match. With trigrams the index yields the documents holding any of
 * them (FTS5 MATCH on SQLite; LIKE served by the pg_trgm GIN index on PostgreSQL) and
 * the count keeps those holding enough of them. Without (a query of punctuation and one-
 * or two-letter words) the folded query is looked for as plain text, LIKE wildcards
 * escaped. The exact id or label match is always let through.
 */
function matchOf(
  plan: SearchPlan,
  exactIds: string[],
  probe: string[],
  dialect: Dialect,
): RawBuilder<SqlBool> {
  const exact = exactOf(exactIds, 's.item_id');
  if (plan.trigrams.length === 0) {
    const pattern = `%${plan.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql<SqlBool>`(s.doc LIKE ${pattern} ESCAPE '\\' OR ${exact})`;
  }
  const enough = sql`(${trigramHits(sql`s.doc`, plan.trigrams, dialect)}) >= ${sql.lit(plan.minHits)}`;
  if (dialect === 'postgres') {
    const indexed = sql.join(
      probe.map((t) => sql`s.doc LIKE ${`%${t}%`}`),
      sql` OR `,
    );
    return sql<SqlBool>`(((${indexed}) AND ${enough}) OR ${exact})`;
  }
  // SQLite: the FTS5 rowids, plus the exact match's, drive the walk.
  return sql<SqlBool>`(s.seq IN (
      SELECT rowid FROM item_fts WHERE item_fts MATCH ${ftsQuery(probe)}
      UNION SELECT seq FROM item_search WHERE ${exactOf(exactIds, 'item_search.item_id')}
    ) AND (${enough} OR ${exact}))`;
}

/**
 * A document holding at least minHits of the n trigrams holds at least one of any
 * n - minHits + 1 of them, so probing the FTS5 index with the rarest that many finds
 * every match while reading the shortest posting lists. Frequencies come from fts5vocab.
 */
async function rarestTrigrams(db: Kysely<Database>, plan: SearchPlan): Promise<string[]> {
  const need = plan.trigrams.length - plan.minHits + 1;
  if (plan.trigrams.length === 0 || need >= plan.trigrams.length) return plan.trigrams;
  // One equality lookup per term: fts5vocab answers those without a scan.
  const { rows } = await sql<{ term: string; doc: number }>`${sql.join(
    plan.trigrams.map((t) => sql`SELECT term, doc FROM item_fts_vocab WHERE term = ${t}`),
    sql` UNION ALL `,
  )}`.execute(db);
  const frequency = new Map(rows.map((r) => [r.term, Number(r.doc)]));
  return [...plan.trigrams]
    .sort((a, b) => (frequency.get(a) ?? 0) - (frequency.get(b) ?? 0))
    .slice(0, need);
}

// Letters from most to least common in English text; digits and others count as rare.
const COMMON_LETTERS = 'etaoinshrdlcumwfgypbvkjxqz';

/**
 * PostgreSQL keeps no per-trigram counts we could ask, so the same pigeonhole cut picks
 * the trigrams made of the least common letters: fewer GIN posting lists to merge.
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

/** Each trigram as an FTS5 string: quoted, so `*`, `NEAR(` or `"` are only text. */
function ftsQuery(trigrams: string[]): string {
  return trigrams.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}

/**
 * Σ weight × quality over the searched fields, where quality is 1 when the field starts
 * with the query, 0.9 when it contains it, and otherwise 0.8 × the share of the query's
 * trigrams it holds (typos, word order). Spec weights; the same formula on both engines.
 */
function scoreOf(plan: SearchPlan, dialect: Dialect): RawBuilder<number> {
  const pos = position(dialect);
  const length = Array.from(plan.text).length;
  const terms = SEARCH_FIELDS.map((field) => {
    const column = sql.ref(`s.${field}`);
    const fuzzy = plan.trigrams.length
      ? sql`(${sql.lit(SEARCH_MATCH_SCORES.fuzzy)} * (${trigramHits(column, plan.trigrams, dialect)})) / ${sql.lit(plan.trigrams.length)}`
      : sql`0`;
    return sql`${sql.lit(SEARCH_WEIGHTS[field])} * (CASE
      WHEN ${column} IS NULL THEN 0
      WHEN substr(${column}, 1, ${sql.lit(length)}) = ${plan.text} THEN ${sql.lit(SEARCH_MATCH_SCORES.prefix)}
      WHEN ${pos}(${column}, ${plan.text}) > 0 THEN ${sql.lit(SEARCH_MATCH_SCORES.contains)}
      ELSE ${fuzzy} END)`;
  });
  return sql<number>`(${sql.join(terms, sql` + `)})`;
}
