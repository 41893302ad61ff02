import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { containsPattern } from './search-tiers.repo.ts';

/**
 * PostgreSQL's list of the words of the search documents (search_words, migration 033):
 * what lies between the spaces of item_search.doc. Triggers on item_search add the words
 * of every row written; the search asks it whether a piece of a query can be in any
 * document (search-tiers-postgres.repo.ts, textInSomeWord).
 */

/** The pieces that are inside no word of any document. */
export async function piecesInNoWord(db: Kysely<Database>, pieces: string[]): Promise<Set<string>> {
  if (pieces.length === 0) return new Set();
  const { rows } = await sql<Record<string, boolean>>`SELECT ${sql.join(
    pieces.map(
      (piece, i) =>
        sql`EXISTS (SELECT 1 FROM search_words WHERE word LIKE ${containsPattern(piece)} ESCAPE '\\') AS ${sql.id(`p${i}`)}`,
    ),
  )}`.execute(db);
  return new Set(pieces.filter((_, i) => rows[0]?.[`p${i}`] === false));
}

/**
 * Adds the words of every document that the list lacks, in one pass: after a bulk load
 * that ran without the triggers (the seed, which drops item_search's indexes too, so the
 * triggers would be most of what its inserts cost: a million-item seed with them was still
 * loading items after 4 min 47 s, where the whole seed took 3 min 35 s without them).
 */
export async function addWordsOfEveryDocument(db: Kysely<Database>): Promise<void> {
  await sql`INSERT INTO search_words (word)
    SELECT DISTINCT w FROM item_search, unnest(string_to_array(doc, ' ')) AS w
    WHERE w <> '' AND NOT EXISTS (SELECT 1 FROM search_words k WHERE k.word = w)`.execute(db);
}
