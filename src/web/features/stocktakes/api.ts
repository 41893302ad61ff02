import { queryOptions } from '@tanstack/react-query';
import { stocktakesApi } from '../../../common/api/stocktakes.ts';
import type { StartStocktakeInput } from '../../../common/schemas/stocktake.ts';
import { callApi, endpointUrl } from '../../lib/api.ts';
import { useWrite } from '../../lib/invalidate.ts';
import { activityQueries } from '../activity/api.ts';
import { itemQueries } from '../items/api.ts';

/**
 * Stock-takes (docs/decisions.md, "Stock-takes"). A stock-take's rows change with every
 * scan, from any phone, so the open one is re-read while it is on screen.
 */
export const stocktakeQueries = {
  all: () => ['stocktakes'] as const,
  list: () =>
    queryOptions({
      queryKey: [...stocktakeQueries.all(), 'list'] as const,
      queryFn: () => callApi(stocktakesApi.list, {}),
    }),
  /** A location's page: what a stock-take there would expect, and its stock-takes. */
  location: (id: string) =>
    queryOptions({
      queryKey: [...stocktakeQueries.all(), 'location', id] as const,
      queryFn: () => callApi(stocktakesApi.location, { params: { id } }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...stocktakeQueries.all(), 'detail', id] as const,
      queryFn: () => callApi(stocktakesApi.get, { params: { id } }),
    }),
};

/** The report files, opened by the browser itself (a PDF in a tab, the CSV downloaded). */
export const reportLinks = (id: string) => ({
  pdf: endpointUrl(stocktakesApi.reportPdf, { params: { id } }),
  csv: endpointUrl(stocktakesApi.reportCsv, { params: { id } }),
});

/** A stock-take's writes move items too (a move, items marked missing): refresh them all. */
const writes = () => [stocktakeQueries.all(), itemQueries.all(), activityQueries.all()];

export function useStartStocktake() {
  return useWrite(writes(), (input: StartStocktakeInput) =>
    callApi(stocktakesApi.start, { body: input }, { idempotencyKey: crypto.randomUUID() }),
  );
}

export function useMoveHere(stocktakeId: string) {
  return useWrite(writes(), (itemId: string) =>
    callApi(
      stocktakesApi.move,
      { params: { id: stocktakeId }, body: { item_id: itemId } },
      { idempotencyKey: crypto.randomUUID() },
    ),
  );
}

export function useFinishStocktake(stocktakeId: string) {
  return useWrite(writes(), (markMissing: string[]) =>
    callApi(
      stocktakesApi.finish,
      { params: { id: stocktakeId }, body: { mark_missing: markMissing } },
      { idempotencyKey: crypto.randomUUID() },
    ),
  );
}
