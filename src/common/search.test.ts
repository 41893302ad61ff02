import { describe, expect, it } from 'vitest';
import {
  foldSearchField,
  foldSearchText,
  planSearch,
  SEARCH_MAX_LENGTH,
  searchTrigrams,
} from './search.ts';

describe('foldSearchText', () => {
  it('drops case, accents and compatibility forms', () => {
    expect(foldSearchText('Crème Brûlée')).toBe('creme brulee');
    expect(foldSearchText('ÉCLAIR')).toBe('eclair');
    expect(foldSearchText('Straße Øre Æble')).toBe('strasse ore aeble');
    expect(foldSearchText('ﬁle')).toBe('file');
  });

  it('keeps punctuation, which is searched as plain text', () => {
    expect(foldSearchText('100% "big" *_NEAR(')).toBe('100% "big" *_near(');
  });

  it('stores blank fields as null', () => {
    expect(foldSearchField('  ')).toBeNull();
    expect(foldSearchField(null)).toBeNull();
    expect(foldSearchField(' Pallet ')).toBe('pallet');
  });
});

describe('searchTrigrams', () => {
  it('takes three-letter pieces of each word, never across words or punctuation', () => {
    expect(searchTrigrams('pallet')).toEqual(['pal', 'all', 'lle', 'let']);
    expect(searchTrigrams('ab cd-ef')).toEqual([]);
    expect(searchTrigrams('abc abc')).toEqual(['abc']);
  });
});

describe('planSearch', () => {
  it('is null for a blank query', () => {
    expect(planSearch('   ')).toBeNull();
  });

  it('cuts the query at the limit before folding', () => {
    const plan = planSearch(`${'a'.repeat(SEARCH_MAX_LENGTH)}bbbb`)!;
    expect(plan.raw).toHaveLength(SEARCH_MAX_LENGTH);
    expect(plan.text).toBe('a'.repeat(SEARCH_MAX_LENGTH));
  });

  it('asks for 60% of the trigrams, rounded up, and none for plain-text queries', () => {
    expect(planSearch('pallett')).toMatchObject({
      trigrams: ['pal', 'all', 'lle', 'let', 'ett'],
      minHits: 3,
    });
    expect(planSearch('alu')).toMatchObject({ trigrams: ['alu'], minHits: 1 });
    expect(planSearch('%')).toMatchObject({ text: '%', trigrams: [], minHits: 0 });
  });
});
