import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';

/**
 * PostgreSQL: an index of where the search document's words meet (docs/decisions.md,
 * "Phrases of common words on PostgreSQL"). A trigram index cannot tell that two words
 * are next to each other: pg_trgm cuts LIKE '%fire certificate%' into each word's
 * trigrams, so the phrase's query rechecked on the table every document holding both
 * words (50,000 at a million items, 0.7-0.9 s, for a phrase none holds). Each join of the
 * document, the last three characters before a space and the first three after it ("ire
 * cer"), is a key here: a document holding the phrase holds the joins of the phrase's
 * words, so the index hands over only the documents where those words meet. Plain
 * characters split on one space, with no notion of a word, so the query's joins are
 * computed the same way in TypeScript (search-tiers-postgres.repo.ts). SQLite's search
 * (FTS5, search-tiers-sqlite.repo.ts) is not changed: nothing to do there.
 * At a million items this took 90 s on the shared 2-core machine (load 3-7, the index
 * 54 MB); with the function in SQL it took 444 s under load 8-9.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  // PL/pgSQL: the same function in SQL (an array of a subquery over generate_series) cost
  // 9 s per 100,000 documents against 1 s here, and the index build runs it on every one.
  await sql`
    CREATE FUNCTION search_word_joins(doc text) RETURNS text[]
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
    DECLARE
      words text[] := string_to_array(doc, ' ');
      joins text[] := '{}';
    BEGIN
      FOR i IN 1 .. cardinality(words) - 1 LOOP
        joins := array_append(joins, right(words[i], 3) || ' ' || left(words[i + 1], 3));
      END LOOP;
      RETURN joins;
    END $$`.execute(db);
  await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(db);
  await sql`CREATE INDEX item_search_word_joins ON item_search
    USING gin (search_word_joins(doc))`.execute(db);
  // The index expression's statistics (the share of documents holding each common join).
  await sql`ANALYZE item_search`.execute(db);
}
