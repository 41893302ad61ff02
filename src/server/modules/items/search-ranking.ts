import {
  SEARCH_FIELDS,
  SEARCH_MATCH_SCORES,
  SEARCH_WEIGHTS,
  type SearchField,
  type SearchPlan,
} from '../../../common/search.ts';
import type { SearchDocument } from './search-candidates.repo.ts';

/**
 * Σ weight × quality over the searched fields, where quality is 1 when the field starts
 * with the query, 0.9 when it contains it, and otherwise 0.8 × the share of the query's
 * trigrams it holds (typos, word order). Spec weights.
 *
 * Computed here rather than in SQL: the candidates' documents arrive with their ids, and
 * the same arithmetic in JavaScript costs a fraction of a thousand-row CASE expression
 * (SQLite ~6 ms, PostgreSQL's numeric arithmetic several times that), and is the same
 * double-precision result on both engines.
 */
export function searchScore(plan: SearchPlan, document: SearchDocument): number {
  return scoreWith((_field, value) => fieldQuality(plan, value), document);
}

type Quality = (field: SearchField, value: string | null) => number;

function scoreWith(quality: Quality, document: SearchDocument): number {
  let score = 0;
  for (const field of SEARCH_FIELDS) {
    score += SEARCH_WEIGHTS[field] * quality(field, document[field]);
  }
  return score;
}

/**
 * fieldQuality for one search, remembered per value but for names: a thousand candidates
 * hold a few dozen clients, locations, types and component types, and a few hundred
 * notes, each tested for the text and every trigram of a typo again where it came up.
 * Names are mostly all different, and looking them up first only cost more.
 */
function rememberedQuality(plan: SearchPlan): Quality {
  const known = new Map<string, number>();
  return (field, value) => {
    if (value === null) return 0;
    if (field === 'name') return fieldQuality(plan, value);
    let quality = known.get(value);
    if (quality === undefined) {
      quality = fieldQuality(plan, value);
      known.set(value, quality);
    }
    return quality;
  };
}

function fieldQuality(plan: SearchPlan, value: string | null): number {
  if (value === null) return 0;
  // Both sides are folded text of whole code points, so these are the code-point tests.
  if (value.startsWith(plan.text)) return SEARCH_MATCH_SCORES.prefix;
  if (value.includes(plan.text)) return SEARCH_MATCH_SCORES.contains;
  if (plan.trigrams.length === 0) return 0;
  let hits = 0;
  for (const trigram of plan.trigrams) if (value.includes(trigram)) hits++;
  return (SEARCH_MATCH_SCORES.fuzzy * hits) / plan.trigrams.length;
}

/**
 * The search order: exact id or label matches, then score, then name (unnamed last), then
 * id, so that pages of the same search never overlap.
 */
export function rankDocuments(
  plan: SearchPlan,
  documents: SearchDocument[],
  exactIds: string[],
): SearchDocument[] {
  const exact = new Set(exactIds);
  const quality = rememberedQuality(plan);
  const keyed = documents.map((document) => ({
    document,
    exact: exact.has(document.item_id),
    score: scoreWith(quality, document),
    name: sortKey(document.name),
    id: sortKey(document.item_id)!,
  }));
  keyed.sort(
    (a, b) =>
      Number(b.exact) - Number(a.exact) ||
      b.score - a.score ||
      compareNames(a.name, b.name) ||
      compareKeys(a.id, b.id),
  );
  return keyed.map((k) => k.document);
}

/**
 * A text as the ranking compares it: most texts hold no character above U+FFFF, and for
 * them JavaScript's own comparison (UTF-16 units, in native code) is the code-point order;
 * the sort compared a thousand names unit by unit in JavaScript, a third of the ranking's
 * time. The others keep compareCodePoints.
 */
type SortKey = { text: string; plain: boolean };
const SURROGATE = /[\uD800-\uDFFF]/;
const sortKey = (text: string | null): SortKey | null =>
  text === null ? null : { text, plain: !SURROGATE.test(text) };

const compareKeys = (a: SortKey, b: SortKey) =>
  a.plain && b.plain
    ? a.text < b.text
      ? -1
      : a.text > b.text
        ? 1
        : 0
    : compareCodePoints(a.text, b.text);

const compareNames = (a: SortKey | null, b: SortKey | null) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : compareKeys(a, b);

/**
 * Code-point order, as the databases sort text (SQLite's BINARY compares UTF-8 bytes).
 * JavaScript's `<` compares UTF-16 units, where characters above U+FFFF (surrogates,
 * D800–DFFF) would sort before E000–FFFF; they are moved after them.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return unitOrder(x) - unitOrder(y);
  }
  return a.length - b.length;
}

const unitOrder = (unit: number) =>
  unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800;
