import type { ManifestComponent } from '../../../common/schemas/item-component.ts';
import type { QueuedScan } from './scan-queue.ts';

/**
 * What a manifest's items provide once the queued scans are applied, as far as this phone
 * knows: each queued scan of an item it has seen, and that was not on the manifest already,
 * adds what that item counts for. Scans of items the phone has never seen add nothing until
 * they sync (they still show in the queue badge).
 */
export function withQueuedScans(
  manifestId: string,
  provided: ManifestComponent[],
  queue: QueuedScan[],
): ManifestComponent[] {
  const counted = new Set<string>();
  const totals = new Map(provided.map((p) => [p.component_id, { ...p }]));
  for (const scan of queue) {
    const item = scan.item;
    if (scan.state !== 'queued' || scan.manifest_id !== manifestId || !item) continue;
    if (item.manifest_id === manifestId || counted.has(item.id)) continue;
    counted.add(item.id);
    for (const p of item.provides) {
      const row = totals.get(p.component_id) ?? { ...p, count: 0 };
      row.count += p.count;
      totals.set(p.component_id, row);
    }
  }
  return [...totals.values()];
}
