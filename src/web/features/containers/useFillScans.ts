import { useQueryClient } from '@tanstack/react-query';
import { itemsApi } from '../../../common/api/items.ts';
import { confirm } from '../../components/dialogs/index.ts';
import { ApiError, callApi } from '../../lib/api.ts';
import { activityQueries } from '../activity/api.ts';
import { itemQueries } from '../items/api.ts';
import { itemTitle } from '../items/preview.ts';
import { queueFillScan } from '../offline/queue-scan.ts';
import type { ScanModeContext } from '../scan-mode/ContinuousScan.tsx';
import { giveFeedback } from '../scan-mode/feedback.ts';
import {
  scannedItemId,
  useScanHandler,
  type QueueWork,
  type ScanWork,
} from '../scan-mode/useScanHandler.ts';

export interface FillTarget {
  id: string;
  name: string | null;
}

/**
 * The decode handler of "Fill this container": each scanned label puts its item inside the
 * container (with the version it was read at, so a change made meanwhile is not undone).
 * An item already in another container is moved only after the user says so; a container
 * scanned into itself or into what it holds is refused by the server (409) and nothing
 * changes. Without a network the scan is queued on the phone and applied when it syncs.
 */
export function useFillScans(
  options: ScanModeContext & { container: FillTarget },
): (text: string) => void {
  const queryClient = useQueryClient();
  const into = itemTitle(options.container);

  const askToMove = async (title: string, from: string) => {
    const scanner = options.scannerRef.current;
    // The camera waits while the question is open, so nothing else is put inside meanwhile.
    if (scanner?.state === 'scanning') scanner.pause();
    giveFeedback('ask', options.sound);
    try {
      return await confirm({
        title: 'In another container',
        warning: `${title} is in ${from}. Move it into ${into}?`,
        yesLabel: 'Move it here',
        noLabel: 'Leave it',
        safe: true,
      });
    } finally {
      if (scanner?.state === 'paused' && !options.userPaused.current) scanner.resume();
    }
  };

  const queue: QueueWork = (found, key, userId) =>
    queueFillScan(found, {
      userId,
      key,
      container: { id: options.container.id, name: into },
      confirmMove: askToMove,
    });

  const work: ScanWork = async (found, key) => {
    const scanned = await scannedItemId(found, key);
    if ('kind' in scanned) return scanned;
    const { itemId } = scanned;
    const item = await callApi(itemsApi.read, { params: { id: itemId } }, { cache: 'no-store' });
    if (item.container_id === options.container.id) {
      return { kind: 'already-inside', item, into };
    }
    const from = item.container_id ? (item.container_name ?? 'another container') : null;
    if (from && !(await askToMove(itemTitle(item), from))) {
      return { kind: 'kept', item, on: from };
    }
    try {
      const moved = await callApi(
        itemsApi.update,
        {
          params: { id: item.id },
          body: { container_id: options.container.id, version: item.version },
        },
        { idempotencyKey: key },
      );
      void queryClient.invalidateQueries({ queryKey: itemQueries.all() });
      void queryClient.invalidateQueries({ queryKey: activityQueries.all() });
      return { kind: 'put-inside', item: moved, into, from };
    } catch (error) {
      // A cycle, a chain too deep, or a change made meanwhile: said as the server says it.
      if (error instanceof ApiError && error.status === 409) {
        return { kind: 'failed', message: error.message };
      }
      throw error;
    }
  };
  return useScanHandler(options, work, queue);
}
