import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { Endpoint } from '../../common/api/contract.ts';
import { callApi, type Args } from './api.ts';

/**
 * The query of one contract endpoint under `queryKey`: what every feature's list and
 * detail queries are. Options beyond the key and the call (retry, refetchInterval) are
 * spread over it by the feature that needs them.
 */
export function endpointQuery<K extends QueryKey, E extends Endpoint>(
  queryKey: K,
  endpoint: E,
  args: Args<E>,
) {
  return queryOptions({ queryKey, queryFn: () => callApi(endpoint, args) });
}
