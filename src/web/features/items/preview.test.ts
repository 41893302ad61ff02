import { describe, expect, it } from 'vitest';
import { itemTitle, notePreview } from './preview.ts';

describe('list previews', () => {
  it('cuts notes at 100 characters followed by an ellipsis', () => {
    expect(notePreview('a'.repeat(100))).toBe('a'.repeat(100));
    expect(notePreview('a'.repeat(101))).toBe(`${'a'.repeat(100)}…`);
    expect(notePreview(null)).toBe('');
  });

  it('never splits a character made of two code units', () => {
    expect(notePreview('📦'.repeat(101))).toBe(`${'📦'.repeat(100)}…`);
  });

  it('falls back to the id when there is no name', () => {
    expect(itemTitle({ id: 'x1', name: null })).toBe('x1');
    expect(itemTitle({ id: 'x1', name: '  ' })).toBe('x1');
    expect(itemTitle({ id: 'x1', name: 'Crate' })).toBe('Crate');
  });
});
