import { useQueryClient } from '@tanstack/react-query';
import { roundTripApi } from '../../../common/api/round-trip.ts';
import type { Manifest } from '../../../common/schemas/manifest.ts';
import { ApiError, callApi } from '../../lib/api.ts';
import { activityQueries } from '../activity/api.ts';
import { useAddImage } from '../images/api.ts';
import { itemQueries } from '../items/api.ts';
import { queueReturnScan } from '../offline/queue-scan.ts';
import type { ScanModeContext } from '../scan-mode/ContinuousScan.tsx';
import {
  scannedItemId,
  useScanHandler,
  type QueueWork,
  type ScanWork,
} from '../scan-mode/useScanHandler.ts';

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
 * with its own sound. A missing item scanned here is found. Without a network the scan is
 * queued on the phone with the settings it was made with, and returned when it syncs.
 */
export function useReturnScans(
  options: ScanModeContext & { manifest: Manifest; settings: ReturnSettings },
): (text: string) => void {
  const addImage = useAddImage();
  const queryClient = useQueryClient();
  const { manifest, settings } = options;
  const queue: QueueWork = (found, key, userId) =>
    queueReturnScan(found, {
      userId,
      key,
      manifest,
      returnTo: {
        location_id: settings.locationId,
        condition: settings.damaged ? 'damaged' : 'ok',
        note: settings.damaged ? settings.note || null : null,
        photo: settings.damaged ? settings.photo : null,
      },
    });
  const work: ScanWork = async (found, key) => {
    const scanned = await scannedItemId(found, key, 'return');
    if ('kind' in scanned) return scanned;
    const { itemId } = scanned;
    try {
      const result = await callApi(
        roundTripApi.returnItem,
        {
          params: { id: manifest.id },
          body: {
            item_id: itemId,
            location_id: settings.locationId,
            condition: settings.damaged ? 'damaged' : 'ok',
            note: settings.damaged ? settings.note : null,
          },
        },
        { idempotencyKey: key },
      );
      if (settings.damaged && settings.photo) {
        await addImage.mutateAsync({ itemId: result.item.id, file: settings.photo });
      }
      void queryClient.invalidateQueries({ queryKey: itemQueries.all() });
      void queryClient.invalidateQueries({ queryKey: activityQueries.all() });
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
  return useScanHandler(options, work, queue);
}
