import { useEffect, useRef } from 'react';
import { systemApi } from '../../common/api/system.ts';
import { callApi } from './api.ts';
import { isOffline, watchOffline } from './connectivity.ts';

/**
 * A phone recovers by itself when the network returns, whatever the browser signals
 * (docs/decisions.md, "A phone comes back by itself"): browsers differ in whether a dead
 * zone's end fires `online`, so no single signal is trusted. The network may be back when
 * the browser says `online`, when the page is shown again or focused, and a screen that
 * waits on the network also simply tries again on a short backoff.
 */

/** Calls `listener` on every sign that the network may be back. */
export function onNetworkMaybeBack(listener: () => void): () => void {
  const whenVisible = () => {
    if (document.visibilityState === 'visible') listener();
  };
  window.addEventListener('online', listener);
  window.addEventListener('focus', listener);
  window.addEventListener('pageshow', listener);
  document.addEventListener('visibilitychange', whenVisible);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('focus', listener);
    window.removeEventListener('pageshow', listener);
    document.removeEventListener('visibilitychange', whenVisible);
  };
}

export interface Backoff {
  /** The first wait; each later wait doubles, up to maxMs. */
  firstMs: number;
  maxMs: number;
}

/**
 * Tries `attempt` after a backoff (first, doubling, then every maxMs) and at once on each
 * sign that the network may be back (which starts the backoff over), one attempt at a
 * time: an attempt still running on a slow network is never abandoned for a new one.
 * Returns the function that stops it.
 */
export function retryUntilBack(attempt: () => unknown, backoff: Backoff): () => void {
  let wait = backoff.firstMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let stopped = false;
  const schedule = () => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(run, wait);
    wait = Math.min(wait * 2, backoff.maxMs);
  };
  const run = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await attempt();
    } catch {
      // A failed attempt is what waiting on the network looks like: try again later.
    } finally {
      running = false;
      schedule();
    }
  };
  const stopSignals = onNetworkMaybeBack(() => {
    wait = backoff.firstMs;
    void run();
  });
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
    stopSignals();
  };
}

/** A screen waiting on the network looks again this soon, then at most this far apart. */
export const SCREEN_RETRY: Backoff = { firstMs: 1000, maxMs: 4000 };

/**
 * While `waiting`, calls `retry` (the screen's own request, e.g. a refetch: return its
 * promise so a slow attempt is not cut short) on SCREEN_RETRY and on every sign the
 * network may be back. The screen stops waiting once an answer comes.
 */
export function useRetryWhileWaiting(retry: () => unknown, waiting = true): void {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });
  useEffect(() => {
    if (!waiting) return;
    return retryUntilBack(() => latest.current(), SCREEN_RETRY);
  }, [waiting]);
}

/** While the phone thinks it is offline, it asks the server this soon, then this far apart. */
const OFFLINE_PROBE: Backoff = { firstMs: 2000, maxMs: 30_000 };

let stopProbe: (() => void) | null = null;

/** The cheapest live answer: any answer at all proves the network is back (connectivity.ts). */
const probe = () => callApi(systemApi.health, {}, { cache: 'no-store' });

function followOffline(): void {
  if (isOffline() && !stopProbe) stopProbe = retryUntilBack(probe, OFFLINE_PROBE);
  if (!isOffline() && stopProbe) {
    stopProbe();
    stopProbe = null;
  }
}

/**
 * Started once by the app: while the phone thinks it is offline (the browser said so, or
 * answers come from the phone's copy), it looks for the network by itself, so the banner,
 * the queue's sync and every screen reading useOffline() come back without an `online`.
 */
export function recoverWhenNetworkReturns(): void {
  if (typeof window === 'undefined') return;
  watchOffline(followOffline);
  followOffline();
}
