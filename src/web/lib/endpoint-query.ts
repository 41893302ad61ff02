import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
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

/** An endpoint whose path has one parameter, `:id`. */
type ById = Endpoint<z.ZodType<{ id: string }, { id: string }>>;

/**
 * The query of what one thing has (`/manifests/:id/requirements`, `/items/:id/inspections`):
 * the endpoint called with that id, keyed under `key` and then the id.
 */
export function queryById<const K extends QueryKey, E extends ById>(
  key: K,
  endpoint: E,
  id: string,
) {
  // E's only parameter is `id`, so these are all of its arguments.
  return endpointQuery([...key, id] as const, endpoint, { params: { id } } as Args<E>);
}
