import { sql } from 'kysely';
import { foldSearchField, SEARCH_FIELDS, type SearchPlan } from '../../../common/search.ts';
import {
  enoughTrigrams,
  hasPhrase,
  indexableWords,
  likelyRarestTrigrams,
  likeTier,
  namedStartingWith,
  trigramCombinations,
  type SearchFilters,
  type TextTiers,
  type Tier,
} from './search-tiers.repo.ts';

/** An FTS5 string: quoted, so `*`, `NEAR(` or `"` in a query are only text. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;
const ALL_FIELDS = `{${SEARCH_FIELDS.join(' ')}}`;

export function sqliteTiers(plan: SearchPlan, filters: SearchFilters): TextTiers {
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
