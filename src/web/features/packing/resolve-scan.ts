import { formatLabelCode } from '../../../common/label-code.ts';
import { isNetworkFailure } from '../../lib/connectivity.ts';
import {
  target,
  type PackItem,
  type ScanOutcome,
  type ScanPlace,
} from '../scan-mode/scan-outcome.ts';

export interface ScanDeps extends ScanPlace {
  manifestId: string;
  /** The label, or null when the code is not known. */
  lookupLabel: (code: string) => Promise<{ item_id: string | null } | null>;
  readItem: (id: string) => Promise<PackItem>;
  /** Allocates the item and what is inside it; answers how many items were inside. */
  allocate: (itemId: string) => Promise<{ contents_count?: number }>;
  /** Asks whether to move the item here from its manifest; the "ask" sound has played. */
  confirmMove: (item: PackItem, from: string) => Promise<boolean>;
  /** Called before confirmMove, so the question is announced by sound. */
  onAsk: () => void;
}

/**
 * One scan of packing mode: find the label's item and put it on this manifest at once.
 * An item already here changes nothing; an item on another manifest is moved only after
 * the user says so.
 */
export async function resolveScan(text: string, deps: ScanDeps): Promise<ScanOutcome> {
  try {
    const found = target(text, deps);
    if ('kind' in found) return found;
    let itemId: string;
    if ('label' in found) {
      const label = await deps.lookupLabel(found.label);
      if (!label?.item_id) return { kind: 'unknown', code: formatLabelCode(found.label) };
      itemId = label.item_id;
    } else {
      itemId = found.item;
    }
    const item = await deps.readItem(itemId);
    if (item.manifest_id === deps.manifestId) return { kind: 'already', item };
    if (item.manifest_id) {
      const from = item.manifest_name ?? 'another manifest';
      deps.onAsk();
      if (!(await deps.confirmMove(item, from))) return { kind: 'kept', item, on: from };
      const moved = await deps.allocate(item.id);
      return { kind: 'moved', item, from, contents: moved.contents_count ?? 0 };
    }
    const packed = await deps.allocate(item.id);
    return { kind: 'packed', item, contents: packed.contents_count ?? 0 };
  } catch (error) {
    return {
      kind: 'failed',
      message: error instanceof Error ? error.message : String(error),
      network: isNetworkFailure(error),
    };
  }
}
