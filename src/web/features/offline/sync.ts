import { itemsApi } from '../../../common/api/items.ts';
import { labelsApi } from '../../../common/api/labels.ts';
import { roundTripApi } from '../../../common/api/round-trip.ts';
import { stocktakesApi } from '../../../common/api/stocktakes.ts';
import { ApiError, callApi } from '../../lib/api.ts';
import { addImage } from '../images/api.ts';
import { isNetworkFailure } from '../../lib/connectivity.ts';
import {
  scanQueue,
  type FillScan,
  type KnownItem,
  type PackingScan,
  type Problem,
  type QueuedScan,
  type ReturnScan,
  type StocktakeScan,
} from './scan-queue.ts';

/** What the server's live state says to do with one queued scan. */
export type Verdict =
  /** `version`: the item as read, so a change between the read and the write is a 409. */
  | { kind: 'apply'; itemId: string; version?: number }
  | { kind: 'already' }
  | { kind: 'decide'; problem: Problem };

/** The live facts a verdict is made from. */
export interface LiveState {
  /** The label's item now (null: the label is free or unknown); undefined for item scans. */
  labelItemId?: string | null;
  /** The item as the server has it now: what the phone keeps of it, and its version. */
  item: Omit<KnownItem, 'provides'> & { version?: number };
}

const title = (item: { id: string; name: string | null }) => item.name ?? item.id;

/**
 * A scan whose label no longer points where it did when it was scanned: freed, or moved to
 * another item. `doWhat` is the question for the item the label is on now ("Pack B?").
 */
function labelProblem(
  scan: QueuedScan,
  live: LiveState,
  doWhat: (title: string) => string,
): Problem | null {
  const { item } = live;
  if (live.labelItemId === null) {
    return { kind: 'label-free', message: `Label ${scan.subject} is not on any item now.` };
  }
  if (scan.item && scan.item.id !== item.id) {
    return {
      kind: 'label-moved',
      message: `Label ${scan.subject} was moved from ${title(scan.item)} to ${title(item)} since you scanned it. ${doWhat(title(item))}`,
      item_id: item.id,
    };
  }
  return null;
}

/** Where a scan would put the item (a manifest, a container), and where it is now. */
interface Placement {
  now: string | null;
  wanted: string;
  /** Asked when the item was put somewhere else since the scan. */
  question: string;
  /** Asked when the label now points at another item (its title). */
  forOtherItem: (title: string) => string;
}

/**
 * Packing and filling both put an item somewhere, decided by one rule: applied only when
 * that is what the member meant when scanning: the item is nowhere, or still where they
 * already agreed to move it from. Anything changed since (the item was put elsewhere, the
 * label was freed or moved to another item) waits for the member's decision.
 */
function placementVerdict(scan: QueuedScan, live: LiveState, place: Placement): Verdict {
  const moved = labelProblem(scan, live, place.forOtherItem);
  if (moved) return { kind: 'decide', problem: moved };
  if (place.now === place.wanted) return { kind: 'already' };
  if (place.now === null || place.now === scan.move_confirmed_from) {
    return { kind: 'apply', itemId: live.item.id, version: live.item.version };
  }
  return {
    kind: 'decide',
    problem: {
      kind: 'moved-elsewhere',
      message: place.question,
      now_on: place.now,
      item_id: live.item.id,
    },
  };
}

/** Decides one queued packing scan against what the server says now. */
export function verdictOf(scan: PackingScan, live: LiveState): Verdict {
  const { item } = live;
  const on = item.manifest_name ?? 'another manifest';
  return placementVerdict(scan, live, {
    now: item.manifest_id,
    wanted: scan.manifest_id,
    question: `${title(item)} is on ${on} now. Move it to ${scan.manifest_name}?`,
    forOtherItem: (t) => `Pack ${t}?`,
  });
}

/** Decides one queued fill-a-container scan against what the server says now. */
export function fillVerdictOf(scan: FillScan, live: LiveState): Verdict {
  const { item } = live;
  const inside = item.container_name ?? 'another container';
  return placementVerdict(scan, live, {
    now: item.container_id ?? null,
    wanted: scan.container_id,
    question: `${title(item)} is in ${inside} now. Move it into ${scan.container_name}?`,
    forOtherItem: (t) => `Put ${t} inside ${scan.container_name}?`,
  });
}

/**
 * Decides one queued return: the server judges whether the item is out on this job (a 409
 * becomes the member's decision); the phone only checks that the label still means the
 * item it meant.
 */
export function returnVerdictOf(scan: ReturnScan, live: LiveState): Verdict {
  const moved = labelProblem(scan, live, (t) => `Return ${t}?`);
  if (moved) return { kind: 'decide', problem: moved };
  return { kind: 'apply', itemId: live.item.id };
}

/** The Idempotency-Key that records a packing scan's label scan (once, however often sent). */
export const scanKeyOf = (key: string) => `${key}:scan`;

/**
 * Reads the live state of one scan; ApiErrors are the server's answer, others the network's.
 * The first read records the scan of the label, as packing online does; a re-read only looks.
 */
async function readLive(scan: QueuedScan, record = true): Promise<LiveState | Problem> {
  const live = { cache: 'no-store' as const };
  let itemId = scan.target.kind === 'item' ? scan.target.id : null;
  let labelItemId: string | null | undefined;
  if (scan.target.kind === 'label') {
    try {
      const label = record
        ? await callApi(
            labelsApi.scan,
            // A queued Return-mode scan: its return finds a missing item with its settings.
            {
              params: { code: scan.target.id },
              query: scan.mode === 'return' ? { mode: 'return' } : {},
            },
            { ...live, idempotencyKey: scanKeyOf(scan.id) },
          )
        : await callApi(labelsApi.get, { params: { id: scan.target.id } }, live);
      labelItemId = label?.item_id ?? null;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
        labelItemId = null;
      } else throw error;
    }
    if (labelItemId === null) {
      return { kind: 'label-free', message: `Label ${scan.subject} is not on any item now.` };
    }
    itemId = labelItemId ?? null;
  }
  try {
    const item = await callApi(itemsApi.read, { params: { id: itemId! } }, live);
    return { labelItemId, item };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return { kind: 'refused', message: `${scan.subject}: the item was deleted.` };
    }
    throw error;
  }
}

export interface SyncReport {
  applied: number;
  already: number;
  decide: number;
  /** The network went away (or the server failed) part way: the rest stays queued. */
  stopped: boolean;
}

/** Sends the live reads this many at a time; the writes go one by one, in scan order. */
const READ_AHEAD = 6;

let running: Promise<SyncReport> | null = null;

/**
 * Sends the member's queued scans, oldest first. Safe to call at any moment and from
 * several places (coming online, the Sync button, a timer): one run at a time, and each
 * write carries the scan's id as its Idempotency-Key, so even two tabs syncing the same
 * queue apply each scan once.
 */
export function syncQueue(userId: string): Promise<SyncReport> {
  running ??= runSync(userId).finally(() => {
    running = null;
  });
  return running;
}

async function runSync(userId: string): Promise<SyncReport> {
  const report: SyncReport = { applied: 0, already: 0, decide: 0, stopped: false };
  const seen = new Set<number>();
  // Scans queued while a run is under way are picked up by the same run.
  while (!report.stopped) {
    const scans = (await scanQueue.all())
      .filter((s) => s.user_id === userId && s.state === 'queued' && !seen.has(s.seq!))
      .sort((a, b) => a.seq! - b.seq!);
    if (scans.length === 0) break;
    for (const scan of scans) seen.add(scan.seq!);
    await sendInOrder(scans, report);
  }
  return report;
}

async function sendInOrder(scans: QueuedScan[], report: SyncReport): Promise<void> {
  const reads: Promise<LiveState | Problem>[] = [];
  const startRead = (i: number) => {
    // A stock-take's scan needs no live read: the server judges it when it arrives.
    if (i < scans.length && scans[i]!.mode !== 'stocktake') reads[i] = readLive(scans[i]!);
  };
  for (let i = 0; i < READ_AHEAD; i++) startRead(i);
  try {
    for (let i = 0; i < scans.length; i++) {
      const scan = scans[i]!;
      startRead(i + READ_AHEAD);
      // The item a write was sent for, so a refusal that asks can name it.
      let writing: string | undefined;
      try {
        if (scan.mode === 'stocktake') {
          await sendStocktakeScan(scan);
          report.applied++;
          await scanQueue.remove(scan.seq!);
          continue;
        }
        const live = await reads[i]!;
        // A read made before an earlier write of this same run may be stale for this item.
        const fresh =
          'item' in live && scans.slice(0, i).some((s) => sameItem(s, scan))
            ? await readLive(scan, false)
            : live;
        const verdict: Verdict =
          'item' in fresh ? verdictFor(scan, fresh) : { kind: 'decide', problem: fresh };
        if (verdict.kind === 'apply') {
          writing = verdict.itemId;
          await apply(scan, verdict.itemId, scan.key, verdict.version);
          report.applied++;
          await scanQueue.remove(scan.seq!);
        } else if (verdict.kind === 'already') {
          report.already++;
          await scanQueue.remove(scan.seq!);
        } else {
          report.decide++;
          await scanQueue.put({ ...scan, state: 'needs-decision', problem: verdict.problem });
        }
      } catch (error) {
        if (error instanceof ApiError && error.code === 'reserved_elsewhere' && writing) {
          // Packing an item another job holds: the member answers the server's question.
          report.decide++;
          await scanQueue.put({
            ...scan,
            state: 'needs-decision',
            problem: { kind: 'reserved', message: error.message, item_id: writing },
          });
          continue;
        }
        if (error instanceof ApiError && error.status < 500 && error.status !== 401) {
          // Refused (the manifest was closed or deleted, say): the member decides.
          report.decide++;
          await scanQueue.put({
            ...scan,
            state: 'needs-decision',
            problem: { kind: 'refused', message: error.message },
          });
          continue;
        }
        if (!isNetworkFailure(error) && !(error instanceof ApiError)) throw error;
        // No network, signed out, or a failure of the server: the rest waits for next time.
        report.stopped = true;
        return;
      }
    }
  } finally {
    // Reads started for scans after a stop settle unobserved.
    for (const read of reads) void read?.catch(() => {});
  }
}

function sameItem(a: QueuedScan, b: QueuedScan): boolean {
  return a.target.kind === b.target.kind && a.target.id === b.target.id;
}

function verdictFor(scan: QueuedScan, live: LiveState): Verdict {
  if (scan.mode === 'packing') return verdictOf(scan, live);
  if (scan.mode === 'fill') return fillVerdictOf(scan, live);
  if (scan.mode === 'stocktake') return { kind: 'already' };
  return returnVerdictOf(scan, live);
}

/**
 * A stock-take's queued scan is the same request as online, under the scan's own
 * Idempotency-Key: sent twice (two tabs, a retry after a lost answer), it counts once.
 * Whatever it was (found, wrong place, unknown) shows on the stock-take when it lands.
 */
async function sendStocktakeScan(scan: StocktakeScan): Promise<void> {
  await callApi(
    stocktakesApi.scan,
    { params: { id: scan.stocktake_id }, body: { code: scan.target.id } },
    { idempotencyKey: scan.key },
  );
}

/** The write the scan's mode makes, under the given Idempotency-Key. */
async function apply(
  scan: QueuedScan,
  itemId: string,
  key: string,
  version?: number,
  packAnyway = false,
) {
  const versioned = version ? { version } : {};
  if (scan.mode === 'packing') {
    const anyway = packAnyway ? { pack_anyway: true } : {};
    await callApi(
      itemsApi.allocate,
      { body: { manifest_id: scan.manifest_id, id: itemId, ...versioned, ...anyway } },
      { idempotencyKey: key },
    );
  } else if (scan.mode === 'fill') {
    await callApi(
      itemsApi.update,
      { params: { id: itemId }, body: { container_id: scan.container_id, ...versioned } },
      { idempotencyKey: key },
    );
  } else if (scan.mode === 'stocktake') {
    await sendStocktakeScan({ ...scan, key });
  } else {
    const { location_id, condition, note, photo } = scan.return_to;
    await callApi(
      roundTripApi.returnItem,
      { params: { id: scan.manifest_id }, body: { item_id: itemId, location_id, condition, note } },
      { idempotencyKey: key },
    );
    if (photo instanceof Blob && condition === 'damaged') await addPhotoOnce(itemId, photo, key);
  }
}

/**
 * The damage photo of a queued return, added once per scan. Its upload gets a new address at
 * each send, so a send after an earlier one that got through is "the same key for a
 * different request": that earlier send of this very scan added the photo already.
 */
async function addPhotoOnce(itemId: string, photo: Blob, key: string) {
  try {
    await addImage(itemId, photo, `${key}:photo`);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'idempotency_key_reused') return;
    throw error;
  }
}

/**
 * The member's answer in the "needs your decision" sheet: 'apply' does what the online flow
 * would have done on "Move here" (a new write under a new key: the old key may hold the
 * refusal), 'retry' queues it again to be checked afresh, 'dismiss' drops the scan.
 */
export async function decide(
  scan: QueuedScan,
  choice: 'apply' | 'retry' | 'dismiss',
): Promise<void> {
  if (choice === 'retry') {
    await scanQueue.put({ ...scan, state: 'queued', problem: null, key: crypto.randomUUID() });
    return;
  }
  if (choice === 'apply') {
    const itemId = scan.problem?.item_id;
    if (!itemId) throw new Error('This scan has no item to apply.');
    // A container move is made from the item as it is now, so no newer change is undone.
    const version =
      scan.mode === 'fill'
        ? (await callApi(itemsApi.read, { params: { id: itemId } }, { cache: 'no-store' })).version
        : undefined;
    // A reserved item's "Pack anyway" is the answer the online flow sends (recorded).
    await apply(scan, itemId, crypto.randomUUID(), version, scan.problem?.kind === 'reserved');
  }
  await scanQueue.remove(scan.seq!);
}
