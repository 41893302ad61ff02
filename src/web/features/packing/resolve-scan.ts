import { formatLabelCode } from '../../../common/label-code.ts';
import { ApiError } from '../../lib/api.ts';
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
  /**
   * Allocates the item and what is inside it; answers how many items were inside.
   * `packAnyway`: the answer to "Reserved for … Pack it anyway?".
   */
  allocate: (itemId: string, packAnyway?: boolean) => Promise<{ contents_count?: number }>;
  /** Asks whether to move the item here from its manifest; the "ask" sound has played. */
  confirmMove: (item: PackItem, from: string) => Promise<boolean>;
  /**
   * Asks the server's question about an item another overlapping job holds ("Reserved for
   * Autumn fair from 12 Jun. Pack it anyway?"); the "ask" sound has played.
   */
  confirmReserved: (item: PackItem, question: string) => Promise<boolean>;
  /** Called before confirmMove, so the question is announced by sound. */
  onAsk: () => void;
}

/**
 * Packs the item. When another job holds it for an overlapping window the server refuses
 * with `reserved_elsewhere` and its question; only a yes packs it (the server records the
 * answer). A no answers with what the item is reserved for.
 */
async function packAsking(
  item: PackItem,
  deps: ScanDeps,
): Promise<{ contents_count?: number } | { reserved: string }> {
  try {
    return await deps.allocate(item.id);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'reserved_elsewhere') throw error;
    deps.onAsk();
    if (!(await deps.confirmReserved(item, error.message))) {
      return { reserved: error.message.replace(/\s*Pack it anyway\?\s*$/, '') };
    }
    return deps.allocate(item.id, true);
  }
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
      const moved = await packAsking(item, deps);
      if ('reserved' in moved) return { kind: 'kept', item, on: from, reason: moved.reserved };
      return { kind: 'moved', item, from, contents: moved.contents_count ?? 0 };
    }
    const packed = await packAsking(item, deps);
    if ('reserved' in packed) {
      return { kind: 'kept', item, on: null, reason: packed.reserved };
    }
    return { kind: 'packed', item, contents: packed.contents_count ?? 0 };
  } catch (error) {
    return {
      kind: 'failed',
      message: error instanceof Error ? error.message : String(error),
      network: isNetworkFailure(error),
    };
  }
}
