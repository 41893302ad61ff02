import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../../components/dialogs/index.ts';
import { activityQueries } from '../activity/api.ts';
import { useCurrentUser } from '../auth/api.ts';
import { itemQueries } from '../items/api.ts';
import { manifestQueries } from '../manifests/api.ts';
import { hasQueuedScans, scanQueue } from './scan-queue.ts';
import type { SyncReport } from './sync.ts';

/** While scans wait, the phone tries again this often (navigator.onLine can be wrong). */
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
 * Mounted once (the layout): sends the queue when the network comes back, when the app
 * opens, and every RETRY_MS while scans wait.
 */
export function useAutoSync(userId: string | null): void {
  const syncNow = useSyncNow();
  useEffect(() => {
    if (!userId) return;
    const attempt = () => {
      if (navigator.onLine) void syncNow().catch(() => {});
    };
    attempt();
    window.addEventListener('online', attempt);
    const timer = setInterval(attempt, RETRY_MS);
    return () => {
      window.removeEventListener('online', attempt);
      clearInterval(timer);
    };
  }, [userId, syncNow]);
}
