import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  copiedFilters,
  DOCUMENT,
  type SearchDocument,
  type SearchFilters,
  type TierRow,
} from './search-tiers.repo.ts';

/**
 * How PostgreSQL's tiers read their rows (search-tiers-postgres.repo.ts explains the
 * plans): one query per tier, within the filters, without what earlier tiers found.
 */

/**
 * A tier's rows: the documents meeting `condition` within the filters, leaving out what
 * earlier tiers found. `planAll`: planned for all its rows (see postgresTiers), yet read
 * only as far as the limit. `byTrigrams`: the condition is looked up in the document's
 * trigram index, and a client user's search names its bucket (clientBucket); not for other
 * conditions, where the planner took the bucket's index for the client's key alone and
 * rechecked all its items (a name tier: 17,800 pages), nor for a text without trigrams
 * (the index scanned whole: 0.7–1.7 s).
 */
export async function documentsMeeting(
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
