import { formatLabelCode, normalizeLabelCode } from '../../../common/label-code.ts';
import {
  lastPathSegment,
  notOurUrlMessage,
  readScannedCode,
} from '../../lib/scanner/scanned-url.ts';
import { isNetworkFailure } from '../../lib/connectivity.ts';
import type { FeedbackKind } from './feedback.ts';

/** What packing needs to know of an item. */
export interface PackItem {
  id: string;
  name: string | null;
  manifest_id: string | null;
  manifest_name: string | null;
}

/** What one scan did. Each kind has its own sound, buzz and colour. */
export type ScanOutcome =
  /** `contents`: how many items inside it went onto the manifest with it (a container). */
  | { kind: 'packed'; item: PackItem; contents: number }
  | { kind: 'moved'; item: PackItem; from: string; contents: number }
  | { kind: 'already'; item: PackItem }
  /** On another manifest, and the user chose to leave it there. */
  | { kind: 'kept'; item: PackItem; on: string }
  /** A label code nobody has attached to an item (or never printed by us). */
  | { kind: 'unknown'; code: string }
  /** Not one of our labels at all: another site's QR code, or a page of ours. */
  | { kind: 'not-a-label'; message: string }
  /** Recorded on the phone without a network; sent when it returns (features/offline). */
  | { kind: 'queued'; subject: string; detail: string }
  /** Return mode: back from the job (or found, when it was missing), with what was inside. */
  | { kind: 'returned'; item: PackItem; contents: number; damaged: boolean; found: boolean }
  /** Fill a container: the item is inside it now (`from`: the container it was in before). */
  | { kind: 'put-inside'; item: PackItem; into: string; from: string | null }
  | { kind: 'already-inside'; item: PackItem; into: string }
  /** Return mode: a real item that is not out on this job; nothing changed. */
  | { kind: 'not-on-job'; item: PackItem | null; message: string }
  /** `network`: the server was not reached, so the scan can be queued instead. */
  | { kind: 'failed'; message: string; network?: boolean };

export interface ScanDeps {
  manifestId: string;
  productName: string;
  publicUrl: string | null;
  pageOrigin: string;
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

/** Where a scanned text points: a label code, an item page, or nothing of ours. */
export function target(
  text: string,
  deps: Pick<ScanDeps, 'pageOrigin' | 'publicUrl' | 'productName'>,
): { label: string } | { item: string } | ScanOutcome {
  const code = readScannedCode(text, { pageOrigin: deps.pageOrigin, publicUrl: deps.publicUrl });
  if (!code.ok) return { kind: 'not-a-label', message: notOurUrlMessage(deps.productName) };
  const [first, second] = code.url.pathname.split('/').filter(Boolean);
  // The header's QR code of an item page is as good as a label on the item.
  if (first === 'items' && second) return { item: decodeURIComponent(second) };
  if (first !== 'scan') return { kind: 'not-a-label', message: 'This QR code is not a label.' };
  const label = normalizeLabelCode(lastPathSegment(code.path));
  if (!label) return { kind: 'unknown', code: lastPathSegment(code.path) };
  return { label };
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

export function feedbackOf(outcome: ScanOutcome): FeedbackKind {
  switch (outcome.kind) {
    case 'packed':
    case 'moved':
    case 'already':
    case 'kept':
    case 'unknown':
    case 'queued':
      return outcome.kind;
    case 'not-on-job':
      return outcome.kind;
    case 'returned':
      return outcome.damaged ? 'moved' : 'packed';
    case 'put-inside':
      return outcome.from ? 'moved' : 'packed';
    case 'already-inside':
      return 'already';
    case 'not-a-label':
      return 'unknown';
    case 'failed':
      return 'error';
  }
}
