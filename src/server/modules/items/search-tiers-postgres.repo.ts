import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SearchPlan } from '../../../common/search.ts';
import {
  containsPattern,
  copiedFilters,
  enoughTrigrams,
  escapeLike,
  hasPhrase,
  indexableWords,
  likelyRarestTrigrams,
  likeTier,
  typesHolding,
  type SearchFilters,
  type TextTiers,
  type Tier,
} from './search-tiers.repo.ts';

export function postgresTiers(plan: SearchPlan, filters: SearchFilters): TextTiers {
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
