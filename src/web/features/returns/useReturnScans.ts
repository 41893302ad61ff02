import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { roundTripApi } from '../../../common/api/round-trip.ts';
import { formatLabelCode } from '../../../common/label-code.ts';
import type { Manifest } from '../../../common/schemas/manifest.ts';
import { isNetworkFailure } from '../../lib/connectivity.ts';
import { ApiError, callApi } from '../../lib/api.ts';
import { usePublicConfig } from '../scanner/api.ts';
import { activityQueries } from '../activity/api.ts';
import { useAddImage } from '../images/api.ts';
import { itemQueries } from '../items/api.ts';
import type { ScanModeContext } from '../packing/ContinuousScan.tsx';
import { giveFeedback } from '../packing/feedback.ts';
import { PackingGate } from '../packing/packing-gate.ts';
import { feedbackOf, target, type ScanOutcome } from '../packing/resolve-scan.ts';
import { lookupLabel } from '../packing/usePackingScans.ts';
import { scanKeyOf } from '../offline/sync.ts';

/** Where scanned items go back, and in what state: the Return mode's own controls. */
export interface ReturnSettings {
  locationId: string | null;
  damaged: boolean;
  note: string;
  /** A photo of the damage, added to each item returned damaged. */
  photo: File | null;
}

/**
 * The decode handler of Return mode: each scanned label returns its item (and what is
 * inside it) from this job to the chosen location, in the chosen state. An item that is not
 * out on this job is refused by the server (409) and changes nothing: "Not on this job",
 * with its own sound. A missing item scanned here is found.
 */
export function useReturnScans(
  options: ScanModeContext & { manifest: Manifest; settings: ReturnSettings },
): (text: string) => void {
  const config = usePublicConfig();
  const addImage = useAddImage();
  const queryClient = useQueryClient();
  const latest = useRef({ options, config, addImage });
  useEffect(() => {
    latest.current = { options, config, addImage };
  });
  const gate = useRef(new PackingGate());
  const busy = useRef(false);
  const seq = useRef(0);

  return useCallback(
    (text: string) => {
      if (busy.current || !gate.current.admit(text)) return;
      busy.current = true;
      const began = performance.now();
      const { options: o, config: c, addImage: image } = latest.current;
      const settings = o.settings;
      const key = crypto.randomUUID();
      const work = async (): Promise<ScanOutcome> => {
        const found = target(text, {
          productName: c.productName,
          publicUrl: c.publicUrl,
          pageOrigin: window.location.origin,
        });
        if ('kind' in found) return found;
        let itemId = 'item' in found ? found.item : null;
        if ('label' in found) {
          const label = await lookupLabel(found.label, scanKeyOf(key));
          if (!label?.item_id) return { kind: 'unknown', code: formatLabelCode(found.label) };
          itemId = label.item_id;
        }
        try {
          const result = await callApi(
            roundTripApi.returnItem,
            {
              params: { id: o.manifest.id },
              body: {
                item_id: itemId!,
                location_id: settings.locationId,
                condition: settings.damaged ? 'damaged' : 'ok',
                note: settings.damaged ? settings.note : null,
              },
            },
            { idempotencyKey: key },
          );
          if (settings.damaged && settings.photo) {
            await image.mutateAsync({ itemId: result.item.id, file: settings.photo });
          }
          return {
            kind: 'returned',
            item: result.item,
            contents: result.contents_count,
            damaged: settings.damaged,
            found: result.outcome === 'found',
          };
        } catch (error) {
          if (error instanceof ApiError && error.status === 409) {
            return { kind: 'not-on-job', item: null, message: error.message };
          }
          throw error;
        }
      };
      void work()
        .catch((error: unknown): ScanOutcome => ({
          kind: 'failed',
          message: error instanceof Error ? error.message : String(error),
          network: isNetworkFailure(error),
        }))
        .then((outcome) => {
          if (outcome.kind === 'returned') {
            void queryClient.invalidateQueries({ queryKey: itemQueries.all() });
            void queryClient.invalidateQueries({ queryKey: activityQueries.all() });
          }
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
    [queryClient],
  );
}
