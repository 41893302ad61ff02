import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { roundTripApi } from '../../../common/api/round-trip.ts';
import { callApi } from '../../lib/api.ts';

/**
 * The round trip's reads. What came back from a job changes with every item write (a
 * return scanned elsewhere), so they live under ['items', ...]: every item mutation
 * anywhere refreshes them.
 */
export const roundTripQueries = {
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
export function useRefreshAll() {
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
