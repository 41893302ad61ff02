import { normalizeLabelCode } from '../../../common/label-code.ts';
import {
  lastPathSegment,
  notOurUrlMessage,
  readScannedCode,
} from '../../lib/scanner/scanned-url.ts';
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
  /**
   * On another manifest, and the user chose to leave it there; or (`reason`) reserved for
   * another job, and the user chose not to pack it ("Reserved for Autumn fair from 12 Jun.").
   */
  | { kind: 'kept'; item: PackItem; on: string | null; reason?: string }
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
  /**
   * A stock-take counted the scan (docs/decisions.md, "Stock-takes"): found here, in the
   * wrong place, unexpected (out on a job, or missing and now found), or counted before.
   */
  | {
      kind: 'counted';
      outcome: 'found' | 'wrong_place' | 'unexpected' | 'already';
      item: PackItem | null;
      detail: string | null;
      contents: number;
    }
  /** `network`: the server was not reached, so the scan can be queued instead. */
  | { kind: 'failed'; message: string; network?: boolean };

/** Where the app runs: what tells one of our scanned URLs from any other. */
export interface ScanPlace {
  productName: string;
  publicUrl: string | null;
  pageOrigin: string;
}

/** Where a scanned text points: a label code, an item page, or nothing of ours. */
export function target(
  text: string,
  deps: ScanPlace,
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
    case 'counted':
      return outcome.outcome === 'found'
        ? 'packed'
        : outcome.outcome === 'wrong_place'
          ? 'moved'
          : outcome.outcome === 'already'
            ? 'already'
            : 'not-on-job';
    case 'failed':
      return 'error';
  }
}
