import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { containersApi, roundTripApi } from '../../../common/api/round-trip.ts';
import { itemsApi } from '../../../common/api/items.ts';
import { callApi } from '../../lib/api.ts';

/**
 * The round trip's reads. What is inside an item and what came back from a job change
 * with every item write (a take-out, a return scanned elsewhere), so they live under
 * ['items', ...]: every item mutation anywhere refreshes them.
 */
export const roundTripQueries = {
  /** Everything inside an item, at every level (each with its container_id). */
  contents: (itemId: string) =>
    queryOptions({
      queryKey: ['items', 'contents', itemId] as const,
      queryFn: () =>
        callApi(containersApi.contents, { params: { id: itemId }, query: { deep: 'true' } }),
    }),
  returns: (manifestId: string) =>
    queryOptions({
      queryKey: ['items', 'returns', manifestId] as const,
      queryFn: () => callApi(roundTripApi.returns, { params: { id: manifestId } }),
    }),
  /** The jobs that are out (the /out page). */
  out: () =>
    queryOptions({
      queryKey: ['items', 'jobs-out'] as const,
      queryFn: () => callApi(roundTripApi.out, {}),
    }),
};

/** After a dispatch or close: the manifest's stage, its items and the feed all changed. */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['manifests'] }),
      queryClient.invalidateQueries({ queryKey: ['items'] }),
      queryClient.invalidateQueries({ queryKey: ['activity'] }),
    ]);
}

export function useDispatchJob() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (manifestId: string) =>
      callApi(roundTripApi.dispatch, { params: { id: manifestId } }),
    onSuccess: refresh,
  });
}

export function useCloseJob() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (manifestId: string) => callApi(roundTripApi.close, { params: { id: manifestId } }),
    onSuccess: refresh,
  });
}

/** Takes an item out of the container it is in: it stays where the container is. */
export function useTakeOut() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (itemId: string) =>
      callApi(itemsApi.update, { params: { id: itemId }, body: { container_id: null } }),
    onSuccess: refresh,
  });
}
