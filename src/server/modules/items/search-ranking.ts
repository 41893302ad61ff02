import {
  SEARCH_FIELDS,
  SEARCH_MATCH_SCORES,
  SEARCH_WEIGHTS,
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
  let score = 0;
  for (const field of SEARCH_FIELDS) {
    score += SEARCH_WEIGHTS[field] * fieldQuality(plan, document[field]);
  }
  return score;
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
  const keyed = documents.map((document) => ({
    document,
    exact: exact.has(document.item_id),
    score: searchScore(plan, document),
  }));
  keyed.sort(
    (a, b) =>
      Number(b.exact) - Number(a.exact) ||
      b.score - a.score ||
      compareNames(a.document.name, b.document.name) ||
      compareCodePoints(a.document.item_id, b.document.item_id),
  );
  return keyed.map((k) => k.document);
}

const compareNames = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : compareCodePoints(a, b);

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
