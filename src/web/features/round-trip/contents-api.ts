import { queryOptions } from '@tanstack/react-query';
import { containersApi } from '../../../common/api/containers.ts';
import { itemsApi } from '../../../common/api/items.ts';
import { callApi } from '../../lib/api.ts';
import { useWrite } from '../../lib/invalidate.ts';
import { itemQueries } from '../items/api.ts';
import { roundTripWrites } from './api.ts';

// Apart from the jobs' calls (api.ts): the item page loads these, the jobs' pages do not.

/** Under ['items', ...]: any item write anywhere (a take-out, a fill) refreshes it. */
export const contentsQuery = (itemId: string) =>
  queryOptions({
    queryKey: [...itemQueries.all(), 'contents', itemId] as const,
    queryFn: () =>
      callApi(containersApi.contents, { params: { id: itemId }, query: { deep: 'true' } }),
  });

/**
 * The containers an item is in, for the "Inside: …" trail; none asked for when it is in
 * none. The container id is in the key, so a move asks again.
 */
export const containersQuery = (itemId: string, containerId: string | null) =>
  queryOptions({
    queryKey: [...itemQueries.all(), itemId, 'containers', containerId] as const,
    queryFn: () => callApi(containersApi.containers, { params: { id: itemId } }),
    enabled: containerId !== null,
  });

/** Takes an item out of the container it is in: it stays where the container is. */
export function useTakeOut() {
  return useWrite(roundTripWrites(), (itemId: string) =>
    callApi(itemsApi.update, { params: { id: itemId }, body: { container_id: null } }),
  );
}
