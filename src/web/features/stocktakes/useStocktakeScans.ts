import { useQueryClient } from '@tanstack/react-query';
import { stocktakesApi } from '../../../common/api/stocktakes.ts';
import type { StocktakeCounts } from '../../../common/schemas/stocktake.ts';
import { callApi } from '../../lib/api.ts';
import { queueStocktakeScan } from '../offline/queue-scan.ts';
import type { ScanModeContext } from '../scan-mode/ContinuousScan.tsx';
import type { ScanOutcome } from '../scan-mode/scan-outcome.ts';
import { useScanHandler, type QueueWork, type ScanWork } from '../scan-mode/useScanHandler.ts';
import { stocktakeQueries } from './api.ts';
import { outcomeOfCount } from './scan-answer.ts';

export interface StocktakeTarget {
  id: string;
  place_name: string;
}

const ITEM_PAGE_CODE: ScanOutcome = {
  kind: 'not-a-label',
  message: "This is an item page's code: scan the item's label to count it.",
};

/**
 * The decode handler of a stock-take: each label scanned is sent to the stock-take, which
 * answers what it was (found, wrong place, unexpected, unknown, already counted) with the
 * live counts. Without a network the scan waits on the phone under its Idempotency-Key and
 * is counted once when it is sent (features/offline).
 */
export function useStocktakeScans(
  options: ScanModeContext & {
    stocktake: StocktakeTarget;
    onCounts: (counts: StocktakeCounts) => void;
  },
): (text: string) => void {
  const queryClient = useQueryClient();
  const { stocktake } = options;

  const work: ScanWork = async (found, key) => {
    if ('item' in found) return ITEM_PAGE_CODE;
    const result = await callApi(
      stocktakesApi.scan,
      { params: { id: stocktake.id }, body: { code: found.label } },
      { idempotencyKey: key },
    );
    options.onCounts(result.counts);
    void queryClient.invalidateQueries({
      queryKey: stocktakeQueries.detail(stocktake.id).queryKey,
    });
    return outcomeOfCount(result);
  };

  const queue: QueueWork = async (found, key, userId) => {
    if ('item' in found) return ITEM_PAGE_CODE;
    return queueStocktakeScan(found, {
      userId,
      key,
      stocktake: { id: stocktake.id, name: stocktake.place_name },
    });
  };
  return useScanHandler(options, work, queue);
}
