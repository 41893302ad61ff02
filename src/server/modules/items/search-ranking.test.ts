import { describe, expect, it } from 'vitest';
import {
  planSearch,
  SEARCH_FIELDS,
  type SearchField,
  type SearchPlan,
} from '../../../common/search.ts';
import type { SearchDocument } from './search-candidates.repo.ts';
import { compareCodePoints, rankDocuments, searchScore } from './search-ranking.ts';

const plan = (query: string): SearchPlan => planSearch(query)!;
const doc = (item_id: string, fields: Partial<Record<SearchField, string>> = {}) =>
  ({
    ...Object.fromEntries(SEARCH_FIELDS.map((f) => [f, fields[f] ?? null])),
    item_id,
  }) as SearchDocument;

describe('searchScore (the ranking of search-candidates, same on both databases)', () => {
  it('weighs a field by the spec: prefix 1, contains 0.9, typo 0.8 × trigram share', () => {
    expect(searchScore(plan('crate'), doc('a', { name: 'crate 12' }))).toBe(2);
    expect(searchScore(plan('crate'), doc('a', { name: 'big crate' }))).toBeCloseTo(1.8);
    expect(searchScore(plan('crate'), doc('a', { component_name: 'crate' }))).toBe(1.5);
    expect(searchScore(plan('crate'), doc('a', { status: 'crate' }))).toBe(1);
    expect(searchScore(plan('crate'), doc('a', { note: 'in a crate' }))).toBeCloseTo(0.09);
    // "pallett": 4 of its 5 trigrams are in "pallet".
    expect(searchScore(plan('pallett'), doc('a', { name: 'pallet' }))).toBeCloseTo(2 * 0.8 * 0.8);
    expect(searchScore(plan('crate'), doc('a', { name: 'zebra' }))).toBe(0);
  });

  it('adds the fields up', () => {
    const all = doc('a', {
      name: 'crate',
      status: 'crate',
      client_name: 'crate co',
      location_name: 'crate yard',
      container_name: 'crate 1',
    });
    expect(searchScore(plan('crate'), all)).toBeCloseTo(2 + 1 + 0.5 + 0.5 + 0.5);
  });
});

describe('rankDocuments', () => {
  it('puts exact matches first, then score, then name (unnamed last), then id', () => {
    const ranked = rankDocuments(
      plan('crate'),
      [
        doc('note', { name: 'boards', note: 'crate' }),
        doc('b-unnamed', { status: 'crate' }),
        doc('a-unnamed', { status: 'crate' }),
        doc('named', { name: 'crate' }),
        doc('tie-z', { name: 'zz', status: 'crate' }),
        doc('tie-a', { name: 'aa', status: 'crate' }),
        doc('exact', { name: 'nothing alike' }),
      ],
      ['exact'],
    );
    expect(ranked.map((d) => d.item_id)).toEqual([
      'exact',
      'named',
      'tie-a',
      'tie-z',
      'a-unnamed',
      'b-unnamed',
      'note',
    ]);
  });
  it('breaks ties by name in code-point order, also for names above U+FFFF', () => {
    // Equal scores: the order is the names', as SQLite and PostgreSQL sort them, where
    // U+1F4E6 (a surrogate pair in JavaScript) comes after U+FF01 and after "\uFFFD".
    const ranked = rankDocuments(
      plan('crate'),
      [
        doc('4', { name: 'crate \u{1F4E6}' }),
        doc('2', { name: 'crate \uFF01' }),
        doc('3', { name: 'crate \uFFFD' }),
        doc('1', { name: 'crate a' }),
        doc('6', { status: 'crate' }),
        doc('5', { name: 'crate \u{1F4E6}' }),
      ],
      [],
    );
    expect(ranked.map((d) => d.item_id)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('scores a value the same wherever it comes up again', () => {
    // Remembered per value within one search: the same note or client in many documents,
    // and the same text in two fields of one document, each count with their own weight.
    const shared = { note: 'cratte', client_name: 'crate hire', location_name: 'crate hire' };
    const ranked = rankDocuments(
      plan('crate'),
      [doc('b', shared), doc('a', { ...shared, name: 'crate hire' }), doc('c', shared)],
      [],
    );
    expect(ranked.map((d) => d.item_id)).toEqual(['a', 'b', 'c']);
    for (const d of ranked) {
      const expected = searchScore(plan('crate'), d);
      expect(expected).toBeCloseTo((d.name ? 2 : 0) + 0.5 + 0.5 + 0.1 * 0.8 * (2 / 3));
    }
  });
});

describe('compareCodePoints', () => {
  it('orders by code point as the databases do, also above U+FFFF', () => {
    expect(compareCodePoints('a', 'b')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'a')).toBeGreaterThan(0);
    expect(compareCodePoints('x', 'x')).toBe(0);
    // U+1F4E6 (a surrogate pair in UTF-16) comes after U+FF01, as in UTF-8 byte order.
    expect(compareCodePoints('\u{1F4E6}', '\uFF01')).toBeGreaterThan(0);
    expect(compareCodePoints('\uFF01', '\u{1F4E6}')).toBeLessThan(0);
    expect(compareCodePoints('\uD7FF', '\u{10000}')).toBeLessThan(0);
  });
});
