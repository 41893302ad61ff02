import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { itemsApi } from '../../../common/api/items.ts';
import { labelsApi } from '../../../common/api/labels.ts';
import type { Manifest } from '../../../common/schemas/manifest.ts';
import { confirm } from '../../components/dialogs/index.ts';
import { ApiError, callApi } from '../../lib/api.ts';
import type { CameraScanner } from '../../lib/scanner/scanner.ts';
import { itemTitle } from '../items/preview.ts';
import { useAllocate } from '../manifest-screens/api.ts';
import { usePublicConfig } from '../scanner/api.ts';
import { giveFeedback } from './feedback.ts';
import { PackingGate } from './packing-gate.ts';
import { feedbackOf, resolveScan, type PackItem } from './resolve-scan.ts';
import type { ShownResult } from './ScanResult.tsx';

/** Packing a label is scanning it: the lookup records the scan (docs/decisions.md, "Scans"). */
async function lookupLabel(code: string) {
  try {
    return await callApi(labelsApi.scan, { params: { code } });
  } catch (error) {
    // An unknown code is an answer ("Unknown label"), not a failure.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

// Read fresh every time: a cached item could still show the manifest it was just moved off.
const readItem = (id: string): Promise<PackItem> => callApi(itemsApi.read, { params: { id } });

/**
 * The decode handler of packing mode: gates repeated sightings, handles one scan at a time
 * (frames decoded meanwhile are dropped; the camera sees the next label again a tenth of
 * a second later), gives the feedback and reports each result with how long it took.
 */
export function usePackingScans(options: {
  manifest: Manifest;
  sound: boolean;
  scannerRef: RefObject<CameraScanner | null>;
  userPaused: RefObject<boolean>;
  onAsking: (asking: boolean) => void;
  onResult: (result: ShownResult) => void;
}): (text: string) => void {
  const allocate = useAllocate();
  const config = usePublicConfig();
  const latest = useRef({ options, allocate, config });
  useEffect(() => {
    latest.current = { options, allocate, config };
  });
  const gate = useRef(new PackingGate());
  const busy = useRef(false);
  const seq = useRef(0);

  const confirmMove = useCallback(async (item: PackItem, from: string) => {
    const { options: o } = latest.current;
    const scanner = o.scannerRef.current;
    // The camera waits while the question is open, so nothing else is packed meanwhile.
    if (scanner?.state === 'scanning') scanner.pause();
    o.onAsking(true);
    try {
      return await confirm({
        title: 'On another manifest',
        warning: `${itemTitle(item)} is on ${from}. Move it to ${o.manifest.name}?`,
        yesLabel: 'Move here',
        noLabel: 'Leave it',
        safe: true,
      });
    } finally {
      o.onAsking(false);
      if (scanner?.state === 'paused' && !o.userPaused.current) scanner.resume();
    }
  }, []);

  return useCallback(
    (text: string) => {
      if (busy.current || !gate.current.admit(text)) return;
      busy.current = true;
      const began = performance.now();
      const { options: o, allocate: alloc, config: c } = latest.current;
      void resolveScan(text, {
        manifestId: o.manifest.id,
        productName: c.productName,
        publicUrl: c.publicUrl,
        pageOrigin: window.location.origin,
        lookupLabel,
        readItem,
        allocate: (itemId) => alloc.mutateAsync({ manifestId: o.manifest.id, itemId }),
        confirmMove,
        onAsk: () => giveFeedback('ask', latest.current.options.sound),
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
    [confirmMove],
  );
}
