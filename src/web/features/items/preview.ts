import type { Item } from '../../../common/schemas/item.ts';

/** Longer notes are cut in lists. */
export const NOTE_PREVIEW_LENGTH = 100;

/** An item's name in lists and headings' stead: the id when it has no name. */
export function itemTitle(item: Pick<Item, 'id' | 'name'>): string {
  return item.name?.trim() || item.id;
}

/** The note cut at 100 characters, followed by an ellipsis when something was cut. */
export function notePreview(note: string | null): string {
  if (!note) return '';
  const chars = Array.from(note.trim());
  return chars.length > NOTE_PREVIEW_LENGTH
    ? `${chars.slice(0, NOTE_PREVIEW_LENGTH).join('')}…`
    : chars.join('');
}
