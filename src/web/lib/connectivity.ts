import { useSyncExternalStore } from 'react';

/**
 * Whether the phone is working from what it last saw: the browser says it is offline, or
 * the last API answer came from the service worker's copy (header set in
 * src/web/features/offline/service-worker.ts) because the network did not answer.
 */
export const OFFLINE_COPY_HEADER = 'X-Yardkeep-Offline-Copy';

let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine;
let servedCopy = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function setBrowserOnline(online: boolean): void {
  if (online === browserOnline) return;
  browserOnline = online;
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => setBrowserOnline(true));
  window.addEventListener('offline', () => setBrowserOnline(false));
}

/**
 * Called by the API client with every answer it gets. A live answer from the server proves
 * the network works, whatever the browser said: some browsers never send `online` when a
 * dead zone ends (network-return.ts looks again by itself).
 */
export function noteAnswer(res: Response): void {
  const copy = res.headers.get(OFFLINE_COPY_HEADER) !== null;
  const online = copy ? browserOnline : true;
  if (copy === servedCopy && online === browserOnline) return;
  servedCopy = copy;
  browserOnline = online;
  emit();
}

export function isOffline(): boolean {
  return !browserOnline || servedCopy;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Listens to changes of isOffline(). */
export const watchOffline = subscribe;

/** True while the phone shows what it last saw instead of live answers. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, isOffline);
}

/** A fetch that never reached the server (no network, server unreachable). */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  // A request given up on after a timeout (a dead zone where packets vanish).
  return (
    error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')
  );
}
