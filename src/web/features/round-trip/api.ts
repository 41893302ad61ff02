import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { roundTripApi } from '../../../common/api/round-trip.ts';
import { callApi } from '../../lib/api.ts';
import { activityQueries } from '../activity/api.ts';
import { itemQueries } from '../items/api.ts';
import { manifestQueries } from '../manifests/api.ts';

/**
 * The round trip's reads. What came back from a job changes with every item write (a
 * return scanned elsewhere), so they live under ['items', ...]: every item mutation
 * anywhere refreshes them.
 */
export const roundTripQueries = {
  returns: (manifestId: string) =>
    queryOptions({
      queryKey: [...itemQueries.all(), 'returns', manifestId] as const,
      queryFn: () => callApi(roundTripApi.returns, { params: { id: manifestId } }),
    }),
  /** The jobs that are out (the /out page). */
  out: () =>
    queryOptions({
      queryKey: [...itemQueries.all(), 'jobs-out'] as const,
      queryFn: () => callApi(roundTripApi.out, {}),
    }),
};

/** After a dispatch or close: the manifest's stage, its items and the feed all changed. */
export function useRefreshAll() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: manifestQueries.all() }),
      queryClient.invalidateQueries({ queryKey: itemQueries.all() }),
      queryClient.invalidateQueries({ queryKey: activityQueries.all() }),
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
