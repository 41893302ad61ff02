import type { PublicItem } from '../../../common/schemas/item.ts';

/** "12 Mar 2026" from an ISO timestamp, in the reader's locale. */
export function shortDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/**
 * Where an item is beyond its location, as home rows and the item page show it:
 * "in Crate 0321", "Out on Summer show since 12 Mar 2026".
 */
export function whereNow(item: PublicItem): string[] {
  const parts: string[] = [];
  if (item.container_id) parts.push(`in ${item.container_name?.trim() || 'a container'}`);
  if (item.out_since && item.manifest_name) {
    parts.push(`Out on ${item.manifest_name} since ${shortDate(item.out_since)}`);
  }
  return parts;
}

/** Damaged and missing items need attention; ok is said by saying nothing. */
export function conditionLabel(item: PublicItem): string | null {
  if (item.condition === 'damaged') return 'Damaged';
  if (item.condition === 'missing') return 'Missing';
  return null;
}
