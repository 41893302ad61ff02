import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';

/**
 * The words of the search documents (PostgreSQL only; docs/decisions.md, "Search: a query
 * no document holds"). A word is what lies between two spaces of `doc`; a piece of a query
 * between its spaces that is in no word is in no document either, and PostgreSQL's search
 * then skips the substring tiers, which for a misspelled word rechecked thousands of
 * documents that hold its trigrams apart ("tarp": 2,928 at a million items, 10 ms) to find
 * none (search-tiers-postgres.repo.ts, textInSomeWord).
 *
 * The list must hold every word of every document, so the database keeps it: triggers on
 * item_search add the words of each row written, by any statement (the one door, a
 * restore; the seed adds them in one pass after its load). Words are only added: one no longer in any document costs nothing but
 * its row, and never a wrong answer. No unique key, so two transactions adding the same
 * new word never wait for each other (with ON CONFLICT the second waits, and two adding
 * two words in opposite orders deadlock); the rare duplicate is harmless. The hash index
 * serves the "already there?" probe and has no size limit on a word (a B-tree entry does);
 * the trigram index serves the search's LIKE. Any migration that runs after this one (they
 * may run out of number order: migrate.ts) and changes what `doc` is made of rewrites the
 * column without firing triggers: it must add the new words itself (search-words.repo.ts,
 * addWordsOfEveryDocument, as the seed does).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(db);
  // Another instance's writes wait until the triggers exist: a document written between
  // the list's first filling and the triggers would have no words (the lock CREATE
  // TRIGGER takes anyway, taken first).
  await sql`LOCK TABLE item_search IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  await sql`CREATE TABLE search_words (word text NOT NULL)`.execute(db);
  await sql`INSERT INTO search_words (word)
    SELECT DISTINCT w FROM item_search, unnest(string_to_array(doc, ' ')) AS w
    WHERE w <> ''`.execute(db);
  await sql`CREATE INDEX search_words_word ON search_words USING hash (word)`.execute(db);
  await sql`CREATE INDEX search_words_trgm ON search_words USING gin (word gin_trgm_ops)`.execute(
    db,
  );
  // EXECUTE plans the statement each time, with the list's size and the rows' count of
  // that statement, where a kept plan keeps the guesses of its first run. 200,000 new
  // documents in one transaction, in statements of 2,000, with the indexes of 031: 13.1 s
  // without the triggers, 14.8 s with them, 17.3 s with a kept plan.
  await sql`CREATE FUNCTION search_words_of_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      EXECUTE 'INSERT INTO search_words (word)
        SELECT DISTINCT w FROM new_rows, unnest(string_to_array(new_rows.doc, '' '')) AS w
        WHERE w <> '''' AND NOT EXISTS (SELECT 1 FROM search_words k WHERE k.word = w)';
      RETURN NULL;
    END $$`.execute(db);
  // A trigger with a transition table names one event: one for inserts, one for updates
  // (an upsert fires both, each with its own rows).
  for (const event of ['INSERT', 'UPDATE']) {
    await sql`CREATE TRIGGER ${sql.id(`item_search_words_${event.toLowerCase()}`)}
      AFTER ${sql.raw(event)} ON item_search REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION search_words_of_new_rows()`.execute(db);
  }
  await sql`ANALYZE search_words`.execute(db);
}
