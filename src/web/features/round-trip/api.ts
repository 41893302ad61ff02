import { roundTripApi } from '../../../common/api/round-trip.ts';
import { callApi } from '../../lib/api.ts';
import { useWrite } from '../../lib/invalidate.ts';
import { activityQueries } from '../activity/api.ts';
import { itemQueries } from '../items/api.ts';
import { manifestQueries } from '../manifests/api.ts';
import { endpointQuery } from '../../lib/endpoint-query.ts';

/**
 * The round trip's reads. What came back from a job changes with every item write (a
 * return scanned elsewhere), so they live under ['items', ...]: every item mutation
 * anywhere refreshes them.
 */
export const roundTripQueries = {
  returns: (manifestId: string) =>
    endpointQuery([...itemQueries.all(), 'returns', manifestId] as const, roundTripApi.returns, {
      params: { id: manifestId },
    }),
  /** The jobs that are out (the /out page). */
  out: () => endpointQuery([...itemQueries.all(), 'jobs-out'] as const, roundTripApi.out, {}),
};

/** After a dispatch, a close or a take-out: the manifest's stage, its items and the feed. */
export const roundTripWrites = () => [
  manifestQueries.all(),
  itemQueries.all(),
  activityQueries.all(),
];

/** Dispatch; with `overrideNote`, despite what the inspections say (the note goes in the feed). */
export function useDispatchJob() {
  return useWrite(roundTripWrites(), (v: { manifestId: string; overrideNote?: string }) =>
    callApi(roundTripApi.dispatch, {
      params: { id: v.manifestId },
      body: v.overrideNote ? { override: true, note: v.overrideNote } : {},
    }),
  );
}

export function useCloseJob() {
  return useWrite(roundTripWrites(), (manifestId: string) =>
    callApi(roundTripApi.close, { params: { id: manifestId } }),
  );
}
