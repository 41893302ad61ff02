import type { Item } from '../../../common/schemas/item.ts';

const plural = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/**
 * The items directly inside `containerId`, each with how many items are inside it at
 * every level, from the deep contents list (every level, each with its container_id).
 */
export function directContents(all: Item[], containerId: string) {
  const children = new Map<string, Item[]>();
  for (const item of all) {
    const parent = item.container_id ?? '';
    children.set(parent, [...(children.get(parent) ?? []), item]);
  }
  const below = (id: string, seen = new Set<string>()): number => {
    if (seen.has(id)) return 0; // never loops, even on data that somehow does
    seen.add(id);
    return (children.get(id) ?? []).reduce((n, child) => n + 1 + below(child.id, seen), 0);
  };
  return (children.get(containerId) ?? []).map((item) => ({ item, inside: below(item.id) }));
}

/** "3 items inside", or "3 items inside, 17 in all" when some of them hold more. */
export function contentsSummary(all: Item[], containerId: string): string {
  const direct = all.filter((i) => i.container_id === containerId).length;
  const text = `${plural(direct)} inside`;
  return all.length > direct ? `${text}, ${all.length} in all` : text;
}
