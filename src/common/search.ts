/**
 * Item search, shared by the server (which runs it in the database) and the web app
 * (which shows the same limits). Spec section 3 gives the fields, their weights and the
 * 32-character limit; DECISIONS section 6 adds case and accent insensitivity, tolerance
 * of small typos and prefixes, and "an exact label or item id comes first".
 */

/** How much a match in each field counts. */
export const SEARCH_WEIGHTS = {
  name: 2,
  component_name: 1.5,
  status: 1,
  client_name: 0.5,
  location_name: 0.5,
  last_scanned_by_email: 0.5,
  note: 0.1,
  /** The crate or pallet it sits in: where it is, so it weighs as much as the location. */
  container_name: 0.5,
} as const;

export type SearchField = keyof typeof SEARCH_WEIGHTS;
export const SEARCH_FIELDS = Object.keys(SEARCH_WEIGHTS) as SearchField[];

/** Longer queries are cut to this many characters. */
export const SEARCH_MAX_LENGTH = 32;

/**
 * A typo-tolerant match needs at least this share of the query's trigrams somewhere in
 * the item: "pallett" keeps 4 of its 5 trigrams in "pallet", an unrelated word keeps
 * one or two. pg_trgm's default word-similarity threshold is the same 0.6.
 */
export const SEARCH_MIN_TRIGRAM_SHARE = 0.6;

/** Per-field match quality: the field starts with the query, contains it, or is close. */
export const SEARCH_MATCH_SCORES = { prefix: 1, contains: 0.9, fuzzy: 0.8 } as const;

/**
 * A search shows at most this many items, the most relevant first; when more match, the
 * total reads "1,000+" (docs/decisions.md, "Search at 100,000 items").
 */
export const SEARCH_RESULT_CAP = 1000;

/**
 * A list page without a search counts its items up to this many; past it the total reads
 * "10,000+" (total_capped), as an exact count(*) over a million items took longer than
 * the page itself (docs/decisions.md, "A million items").
 */
export const LIST_TOTAL_CAP = 10_000;

/** Paging of item lists. */
export const ITEM_PAGE_DEFAULT = 50;
export const ITEM_PAGE_MAX = 100;

// Letters NFKD does not split into base letter + accent.
const FOLD_EXTRA: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
};

/**
 * The form in which text is stored for search and in which queries are compared:
 * lower case, accents removed, compatibility forms unified ("Crème" → "creme",
 * "ﬁ" → "fi"). Both databases then compare plain code points, identically.
 */
export function foldSearchText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøđðłıþ]/g, (c) => FOLD_EXTRA[c] ?? c);
}

/** Folded text, or null for missing or blank values (they never match anything). */
export function foldSearchField(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const folded = foldSearchText(value).trim();
  return folded === '' ? null : folded;
}

/**
 * Distinct three-character pieces of the words (runs of letters and digits) of folded
 * text. Punctuation and words shorter than three characters contribute none, so a query
 * made only of those is matched as a plain substring instead.
 */
export function searchTrigrams(folded: string): string[] {
  const trigrams = new Set<string>();
  for (const word of folded.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const chars = Array.from(word);
    for (let i = 0; i + 3 <= chars.length; i++) trigrams.add(chars.slice(i, i + 3).join(''));
  }
  return [...trigrams];
}

export interface SearchPlan {
  /** The query as typed, trimmed and cut to SEARCH_MAX_LENGTH (for id and label lookups). */
  raw: string;
  /** The folded query, compared with the folded fields. */
  text: string;
  /** Empty: match `text` as a plain substring. Otherwise: typo-tolerant trigram match. */
  trigrams: string[];
  /** How many of `trigrams` an item must contain to match. */
  minHits: number;
}

/** What to look for, or null when the query is blank (then nothing is filtered). */
export function planSearch(query: string): SearchPlan | null {
  const raw = Array.from(query.trim()).slice(0, SEARCH_MAX_LENGTH).join('').trim();
  const text = foldSearchText(raw).trim();
  if (text === '') return null;
  const trigrams = searchTrigrams(text);
  // The epsilon keeps 5 × 0.6 (= 3.0000000000000004 in floating point) at 3.
  const minHits = Math.max(1, Math.ceil(trigrams.length * SEARCH_MIN_TRIGRAM_SHARE - 1e-9));
  return { raw, text, trigrams, minHits: trigrams.length ? minHits : 0 };
}
