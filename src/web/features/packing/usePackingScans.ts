import { useCallback, useEffect, useRef } from 'react';
import { itemsApi } from '../../../common/api/items.ts';
import type { Manifest } from '../../../common/schemas/manifest.ts';
import { confirm } from '../../components/dialogs/index.ts';
import { callApi } from '../../lib/api.ts';
import { itemTitle } from '../items/preview.ts';
import { useAllocate } from '../manifests/api.ts';
import { usePublicConfig } from '../scanner/api.ts';
import { giveFeedback } from '../scan-mode/feedback.ts';
import { RepeatGate } from '../scan-mode/repeat-gate.ts';
import { useCurrentUser } from '../auth/api.ts';
import { queuePackingScan } from '../offline/queue-scan.ts';
import { hasQueuedScans } from '../offline/scan-queue.ts';
import { scanKeyOf, syncQueue } from '../offline/sync.ts';
import { feedbackOf, type PackItem, type ScanOutcome } from '../scan-mode/scan-outcome.ts';
import { liveRead, lookupLabel } from '../scan-mode/label-lookup.ts';
import { resolveScan } from './resolve-scan.ts';
import type { ScanModeContext } from '../scan-mode/ContinuousScan.tsx';

// Read fresh every time: a cached item could still show the manifest it was just moved off.
const readItem = (id: string): Promise<PackItem> =>
  callApi(itemsApi.read, { params: { id } }, liveRead());

/**
 * The decode handler of packing mode: gates repeated sightings, handles one scan at a time
 * (frames decoded meanwhile are dropped; the camera sees the next label again a tenth of
 * a second later), gives the feedback and reports each result with how long it took.
 */
export function usePackingScans(
  options: ScanModeContext & { manifest: Manifest; onAsking: (asking: boolean) => void },
): (text: string) => void {
  const allocate = useAllocate();
  const config = usePublicConfig();
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const latest = useRef({ options, allocate, config, userId });
  useEffect(() => {
    latest.current = { options, allocate, config, userId };
  });
  const gate = useRef(new RepeatGate());
  const busy = useRef(false);
  const seq = useRef(0);

  /** Asks while the camera waits, so nothing else is packed meanwhile. */
  const ask = useCallback(async (question: Parameters<typeof confirm>[0]) => {
    const { options: o } = latest.current;
    const scanner = o.scannerRef.current;
    if (scanner?.state === 'scanning') scanner.pause();
    o.onAsking(true);
    try {
      return await confirm(question);
    } finally {
      o.onAsking(false);
      if (scanner?.state === 'paused' && !o.userPaused.current) scanner.resume();
    }
  }, []);

  const confirmMove = useCallback(
    (item: PackItem, from: string) =>
      ask({
        title: 'On another manifest',
        warning: `${itemTitle(item)} is on ${from}. Move it to ${latest.current.options.manifest.name}?`,
        yesLabel: 'Move here',
        noLabel: 'Leave it',
        safe: true,
      }),
    [ask],
  );

  // The server's question: "Reserved for Autumn fair from 12 Jun. Pack it anyway?"
  const confirmReserved = useCallback(
    (item: PackItem, question: string) =>
      ask({
        title: 'Reserved for another job',
        warning: `${itemTitle(item)}: ${question}`,
        yesLabel: 'Pack anyway',
        noLabel: 'Leave it',
        safe: true,
      }),
    [ask],
  );

  return useCallback(
    (text: string) => {
      if (busy.current || !gate.current.admit(text)) return;
      busy.current = true;
      const began = performance.now();
      const { options: o, allocate: alloc, config: c, userId: uid } = latest.current;
      const where = {
        productName: c.productName,
        publicUrl: c.publicUrl,
        pageOrigin: window.location.origin,
      };
      // The write's Idempotency-Key: if the network drops mid-way, the queued scan reuses it.
      const key = crypto.randomUUID();
      let confirmedFrom: string | null = null;
      const onAsk = () => giveFeedback('ask', latest.current.options.sound);
      const queueIt = () =>
        queuePackingScan(text, {
          ...where,
          userId: uid!,
          manifest: o.manifest,
          confirmMove,
          onAsk,
          key,
          confirmedFrom,
        });
      // Offline, or scans still waiting: this one queues behind them, so order is kept.
      const queueFirst = uid !== null && (!navigator.onLine || hasQueuedScans(uid));
      const work = queueFirst
        ? queueIt()
        : resolveScan(text, {
            ...where,
            manifestId: o.manifest.id,
            // Keyed, so the scan is recorded once even if it is queued and sent again.
            lookupLabel: (code) => lookupLabel(code, scanKeyOf(key)),
            readItem,
            allocate: (itemId, packAnyway) =>
              alloc.mutateAsync({
                manifestId: o.manifest.id,
                itemId,
                // The answered question is a new request: the first key holds the refusal.
                key: packAnyway ? crypto.randomUUID() : key,
                packAnyway,
              }),
            confirmReserved,
            confirmMove: async (item, from) => {
              const yes = await confirmMove(item, from);
              if (yes) confirmedFrom = item.manifest_id;
              return yes;
            },
            onAsk,
          }).then((outcome) =>
            outcome.kind === 'failed' && outcome.network && uid !== null ? queueIt() : outcome,
          );
      void work
        .catch((error: unknown): ScanOutcome => ({
          kind: 'failed',
          message: error instanceof Error ? error.message : String(error),
        }))
        .then((outcome) => {
          if (outcome.kind === 'queued' && navigator.onLine && uid) void syncQueue(uid);
          return outcome;
        })
        .then((outcome) => {
          giveFeedback(feedbackOf(outcome), latest.current.options.sound);
          latest.current.options.onResult({
            seq: ++seq.current,
            outcome,
            handledMs: Math.round(performance.now() - began),
          });
        })
        .finally(() => {
          busy.current = false;
          gate.current.touch(text);
        });
    },
    [confirmMove, confirmReserved],
  );
}
