/**
 * What a set of items counts for on a manifest, per component type, the way the server sums
 * a manifest's items (allocationRepo.componentTotals): each item of a type counts 1 for that
 * type, plus the counts of its item components. A container packed onto a manifest takes
 * everything inside it along, so the set is the container and all its contents.
 */
export interface ProvidingItem {
  component_id: string | null;
  component_name: string | null;
  /** Its item components (what it contains, per component type). */
  components: readonly { component_id: string; component_name: string; count: number }[];
}

export interface Provided {
  component_id: string;
  component_name: string;
  count: number;
}

export function componentsProvided(items: readonly ProvidingItem[]): Provided[] {
  const totals = new Map<string, Provided>();
  const add = (component_id: string, component_name: string, count: number) => {
    const row = totals.get(component_id) ?? { component_id, component_name, count: 0 };
    row.count += count;
    totals.set(component_id, row);
  };
  for (const item of items) {
    if (item.component_id) add(item.component_id, item.component_name ?? '', 1);
    for (const c of item.components) add(c.component_id, c.component_name, c.count);
  }
  return [...totals.values()];
}
