import { sql, type Kysely } from 'kysely';

/**
 * PostgreSQL: the words of the search documents that search_words lacks (migration 033),
 * and how many it holds. Every write must leave the first empty: the search skips tiers
 * for a text in no listed word.
 */
export async function unlistedWords(
  db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any schema
): Promise<{ unlisted: string[]; listed: number }> {
  const { rows } = await sql<{ w: string }>`
    SELECT DISTINCT w FROM item_search, unnest(string_to_array(doc, ' ')) AS w
    WHERE w <> '' AND NOT EXISTS (SELECT 1 FROM search_words k WHERE k.word = w)`.execute(db);
  const { rows: count } = await sql<{ n: string }>`SELECT count(*) AS n FROM search_words`.execute(
    db,
  );
  return { unlisted: rows.map((r) => r.w), listed: Number(count[0]!.n) };
}
