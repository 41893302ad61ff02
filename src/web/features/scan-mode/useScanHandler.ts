import { useCallback, useEffect, useRef } from 'react';
import { isNetworkFailure } from '../../lib/connectivity.ts';
import { usePublicConfig } from '../scanner/api.ts';
import type { ScanModeContext } from './ContinuousScan.tsx';
import { giveFeedback } from './feedback.ts';
import { RepeatGate } from './repeat-gate.ts';
import { formatLabelCode } from '../../../common/label-code.ts';
import { useCurrentUser } from '../auth/api.ts';
import { hasQueuedScans } from '../offline/scan-queue.ts';
import { scanKeyOf, syncQueue } from '../offline/sync.ts';
import { feedbackOf, target, type ScanOutcome } from './scan-outcome.ts';
import { lookupLabel } from './label-lookup.ts';

/** What a scan mode does with one scanned text, already read as a label or an item page. */
export type ScanWork = (
  found: { label: string } | { item: string },
  /** The write's Idempotency-Key, fresh for each scan. */
  key: string,
) => Promise<ScanOutcome>;

/** What a scan mode does with a scan it cannot send now: keep it on the phone (features/offline). */
export type QueueWork = (
  found: { label: string } | { item: string },
  key: string,
  userId: string,
) => Promise<ScanOutcome>;

/**
 * The decode handler a simple scan mode needs (Return, Fill a container): one scan at a
 * time, repeated sightings of the same label gated, the scanned text read as ours or not,
 * then the mode's work, its feedback and the result on screen. `work` is read at each scan,
 * so it always sees the mode's current settings.
 *
 * With `queue`, a scan made without a network (or while earlier scans still wait, so the
 * order is kept, or whose write the network dropped) is queued on the phone under the same
 * Idempotency-Key, and the queue is sent as soon as the phone is online.
 */
export function useScanHandler(
  context: ScanModeContext,
  work: ScanWork,
  queue?: QueueWork,
): (text: string) => void {
  const config = usePublicConfig();
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const latest = useRef({ context, work, queue, config, userId });
  useEffect(() => {
    latest.current = { context, work, queue, config, userId };
  });
  const gate = useRef(new RepeatGate());
  const busy = useRef(false);
  const seq = useRef(0);

  return useCallback((text: string) => {
    if (busy.current || !gate.current.admit(text)) return;
    busy.current = true;
    const began = performance.now();
    const { work: run, queue: keep, config: c, userId: uid } = latest.current;
    const found = target(text, {
      productName: c.productName,
      publicUrl: c.publicUrl,
      pageOrigin: window.location.origin,
    });
    const key = crypto.randomUUID();
    const attempt = async (): Promise<ScanOutcome> => {
      if ('kind' in found) return found;
      const queueIt = keep && uid ? () => keep(found, key, uid) : null;
      if (queueIt && (!navigator.onLine || hasQueuedScans(uid!))) return queueIt();
      try {
        return await run(found, key);
      } catch (error) {
        if (queueIt && isNetworkFailure(error)) return queueIt();
        throw error;
      }
    };
    void attempt()
      .then((result) => {
        if (result.kind === 'queued' && navigator.onLine && uid) void syncQueue(uid);
        return result;
      })
      .catch((error: unknown): ScanOutcome => ({
        kind: 'failed',
        message: error instanceof Error ? error.message : String(error),
        network: isNetworkFailure(error),
      }))
      .then((result) => {
        const { context: now } = latest.current;
        giveFeedback(feedbackOf(result), now.sound);
        now.onResult({
          seq: ++seq.current,
          outcome: result,
          handledMs: Math.round(performance.now() - began),
        });
      })
      .finally(() => {
        busy.current = false;
        gate.current.touch(text);
      });
  }, []);
}

/**
 * The item a scan points at: an item page's id as it is, a label's item looked up (which
 * records the scan, once per key). A label on no item is the "Unknown label" outcome.
 */
export async function scannedItemId(
  found: { label: string } | { item: string },
  key: string,
  mode?: 'return',
): Promise<{ itemId: string } | ScanOutcome> {
  if ('item' in found) return { itemId: found.item };
  const label = await lookupLabel(found.label, scanKeyOf(key), mode);
  if (!label?.item_id) return { kind: 'unknown', code: formatLabelCode(found.label) };
  return { itemId: label.item_id };
}
