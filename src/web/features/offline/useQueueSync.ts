import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../../components/dialogs/index.ts';
import { activityQueries } from '../activity/api.ts';
import { useCurrentUser } from '../auth/api.ts';
import { itemQueries } from '../items/api.ts';
import { manifestQueries } from '../manifests/api.ts';
import { useOffline } from '../../lib/connectivity.ts';
import { onNetworkMaybeBack } from '../../lib/network-return.ts';
import { hasQueuedScans, scanQueue } from './scan-queue.ts';
import type { SyncReport } from './sync.ts';

/** While scans wait, the phone tries again this often (the browser's signals can be wrong). */
const RETRY_MS = 20_000;

/**
 * "Sync now": sends the signed-in member's queue, then refetches the lists and counters and
 * tells the member what happened.
 */
export function useSyncNow(): () => Promise<SyncReport | null> {
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const latest = useRef(userId);
  useEffect(() => {
    latest.current = userId;
  });

  const syncNow = useCallback(async (): Promise<SyncReport | null> => {
    const uid = latest.current;
    if (!uid) return null;
    await scanQueue.all();
    if (!hasQueuedScans(uid)) return null;
    // Loaded only when there is something to send: it brings the API contracts it calls.
    const { syncQueue } = await import('./sync.ts');
    const report = await syncQueue(uid);
    if (report.applied + report.already + report.decide > 0) {
      for (const queryKey of [itemQueries.all(), manifestQueries.all(), activityQueries.all()]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    }
    const synced = report.applied + report.already;
    if (synced > 0) notify(`${synced} queued ${synced === 1 ? 'scan' : 'scans'} synced.`);
    if (report.decide > 0) {
      notify(
        `${report.decide} ${report.decide === 1 ? 'scan needs' : 'scans need'} your decision.`,
      );
    }
    return report;
  }, [queryClient]);
  return syncNow;
}

/**
 * Mounted once (the layout): sends the queue when the app opens, when the network may be
 * back (the browser's `online`, the app shown or focused again, or the phone's own look
 * at the server: lib/network-return.ts), and every RETRY_MS while scans wait. Not gated on
 * navigator.onLine, which some browsers leave wrong: an attempt without a network fails
 * at its first read and changes nothing.
 */
export function useAutoSync(userId: string | null): void {
  const syncNow = useSyncNow();
  const offline = useOffline();
  useEffect(() => {
    if (!userId || offline) return;
    const attempt = () => void syncNow().catch(() => {});
    attempt();
    const stopSignals = onNetworkMaybeBack(attempt);
    const timer = setInterval(attempt, RETRY_MS);
    return () => {
      stopSignals();
      clearInterval(timer);
    };
  }, [userId, syncNow, offline]);
}
