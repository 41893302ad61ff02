import { useSyncExternalStore } from 'react';

/**
 * The phone's queue of scans made without a network, in IndexedDB so a reload, a crash or a
 * dead battery loses none of them. Each scan has a random id that is also the
 * Idempotency-Key its write is sent with, so sending it twice applies it once.
 */

/** Scans the phone keeps before it refuses more (IndexedDB would hold far more). */
export const QUEUE_LIMIT = 5000;

/** What the phone knew of the scanned item when the scan was made (its cached copy). */
export interface KnownItem {
  id: string;
  name: string | null;
  manifest_id: string | null;
  manifest_name: string | null;
  /** The container it was in (absent in scans queued before fill mode could queue). */
  container_id?: string | null;
  container_name?: string | null;
  /** Component types it counts for on a manifest: its own type plus its components. */
  provides: { component_id: string; component_name: string; count: number }[];
}

/** Why a queued scan was not applied and waits for the member. */
export interface Problem {
  /** reserved: another job holds the item for an overlapping window ("… Pack it anyway?"). */
  kind: 'moved-elsewhere' | 'label-free' | 'label-moved' | 'refused' | 'reserved';
  message: string;
  /** For moved-elsewhere: the manifest the item is on now. */
  now_on?: string | null;
  /** For label-moved: the item the label is on now; for reserved: the item to pack anyway. */
  item_id?: string;
}

/** How a returned item comes back: Return mode's settings when the scan was made. */
export interface ReturnTo {
  location_id: string | null;
  condition: 'ok' | 'damaged';
  note: string | null;
  /** The photo of the damage, kept on the phone until it is sent with the return. */
  photo: Blob | null;
}

interface ScanCommon {
  /** IndexedDB key: the order the scans were made in. */
  seq?: number;
  /** Random, chosen when the scan was made. */
  id: string;
  /** The Idempotency-Key of the write that applies it: the id, or a new one after a retry. */
  key: string;
  /** The member who scanned; a queue is only ever sent as them. */
  user_id: string;
  /** What the camera read: a label code, or an item id (an item page's QR code). */
  target: { kind: 'label' | 'item'; id: string };
  /** The label code as printed, or the item's name, for showing. */
  subject: string;
  scanned_at: string;
  item: KnownItem | null;
  /**
   * The member already agreed offline to take it from here: the manifest it was on
   * (packing) or the container it was in (fill).
   */
  move_confirmed_from: string | null;
  state: 'queued' | 'needs-decision';
  problem: Problem | null;
}

/**
 * One scan waiting on the phone, by the scan mode that made it: packing puts the item on a
 * manifest, return brings it back from a job that is out, fill puts it inside a container.
 */
export type QueuedScan = ScanCommon & ScanDestination;

/** Where a scan goes, by its mode (and, for a return, how the item comes back). */
export type ScanDestination =
  | { mode: 'packing'; manifest_id: string; manifest_name: string }
  | { mode: 'return'; manifest_id: string; manifest_name: string; return_to: ReturnTo }
  | { mode: 'fill'; container_id: string; container_name: string }
  /** A stock-take's scan: the server decides what it was when it arrives. */
  | { mode: 'stocktake'; stocktake_id: string; stocktake_name: string };

export type PackingScan = Extract<QueuedScan, { mode: 'packing' }>;
export type ReturnScan = Extract<QueuedScan, { mode: 'return' }>;
export type FillScan = Extract<QueuedScan, { mode: 'fill' }>;
export type StocktakeScan = Extract<QueuedScan, { mode: 'stocktake' }>;

/** Where a scan goes, for showing: the manifest, the job or the container. */
export function destinationOf(scan: QueuedScan): { id: string; name: string } {
  if (scan.mode === 'stocktake') return { id: scan.stocktake_id, name: scan.stocktake_name };
  return scan.mode === 'fill'
    ? { id: scan.container_id, name: scan.container_name }
    : { id: scan.manifest_id, name: scan.manifest_name };
}

const DB_NAME = 'yardkeep-offline';
const STORE = 'scans';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('This phone cannot store offline scans.'));
    };
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const request = work(tx.objectStore(STORE));
        // Resolved when the transaction is durable, not merely when the request succeeded.
        tx.oncomplete = () => resolve(request.result);
        tx.onerror = () => reject(tx.error ?? request.error);
        tx.onabort = () => reject(tx.error ?? new Error('The offline queue was not saved.'));
      }),
  );
}

// A snapshot for React: every change re-reads the store and tells the subscribers.
let snapshot: QueuedScan[] = [];
const listeners = new Set<() => void>();

async function refresh(): Promise<QueuedScan[]> {
  snapshot = await run('readonly', (s) => s.getAll() as IDBRequest<QueuedScan[]>);
  for (const listener of listeners) listener();
  return snapshot;
}

const REFRESH_MS = 250;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;

function scheduleRefresh(): void {
  refreshTimer ??= setTimeout(() => {
    refreshTimer = null;
    void refresh().catch(() => {});
  }, REFRESH_MS);
}

export const scanQueue = {
  async add(scan: QueuedScan): Promise<void> {
    const count = await run('readonly', (s) => s.count());
    if (count >= QUEUE_LIMIT) {
      throw new Error(
        `${QUEUE_LIMIT} scans are waiting on this phone: sync them before scanning more.`,
      );
    }
    await run('readwrite', (s) => s.add(scan));
    await refresh();
  },
  all: (): Promise<QueuedScan[]> => refresh(),
  async put(scan: QueuedScan): Promise<void> {
    await run('readwrite', (s) => s.put(scan));
    await refresh();
  },
  async remove(seq: number): Promise<void> {
    await run('readwrite', (s) => s.delete(seq));
    // A sync removes scans one after another: the snapshot (and every badge and counter
    // reading it) follows at most every REFRESH_MS instead of once per scan.
    scheduleRefresh();
  },
  /**
   * Deletes the scans another member left on this phone (their session ended before they
   * were sent); answers how many there were.
   */
  async removeOthers(userId: string): Promise<number> {
    const others = (await refresh()).filter((s) => s.user_id !== userId).map((s) => s.seq!);
    if (others.length === 0) return 0;
    await run('readwrite', (s) => others.map((seq) => s.delete(seq)).at(-1)!);
    await refresh();
    return others.length;
  },
  async clear(): Promise<void> {
    await run('readwrite', (s) => s.clear());
    await refresh();
  },
  snapshot: (): QueuedScan[] => snapshot,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** True when the member has scans still to send (so a new one must wait behind them). */
export function hasQueuedScans(userId: string): boolean {
  return snapshot.some((s) => s.user_id === userId && s.state === 'queued');
}

/** The queue as React state (loaded on first use). */
export function useScanQueue(): QueuedScan[] {
  return useSyncExternalStore(scanQueue.subscribe, scanQueue.snapshot, scanQueue.snapshot);
}

if (typeof indexedDB !== 'undefined') void refresh().catch(() => {});
