import type { ManifestComponent } from '../../../common/schemas/item-component.ts';
import type { Returns } from '../../../common/schemas/round-trip.ts';
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
    if (scan.mode !== 'packing' || scan.state !== 'queued' || !item) continue;
    if (scan.manifest_id !== manifestId) continue;
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

/**
 * What came back from a job once the queued returns are applied, as far as this phone
 * knows: each queued return of an item the phone saw out on this job moves it from "out" to
 * "returned" or "damaged". The server still decides when the scans sync.
 */
export function withQueuedReturns(
  manifestId: string,
  returns: Returns,
  queue: QueuedScan[],
): Returns {
  const back = new Map<string, 'ok' | 'damaged'>();
  for (const scan of queue) {
    if (scan.mode !== 'return' || scan.state !== 'queued' || scan.manifest_id !== manifestId) {
      continue;
    }
    if (scan.item) back.set(scan.item.id, scan.return_to.condition);
  }
  if (back.size === 0) return returns;
  const out = returns.out.filter((item) => !back.has(item.id));
  const cameBack = returns.out.filter((item) => back.has(item.id));
  return {
    ...returns,
    out,
    returned: [...returns.returned, ...cameBack.filter((i) => back.get(i.id) === 'ok')],
    damaged: [...returns.damaged, ...cameBack.filter((i) => back.get(i.id) === 'damaged')],
  };
}
