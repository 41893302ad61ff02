import { queryOptions, useMutation } from '@tanstack/react-query';
import { containersApi } from '../../../common/api/containers.ts';
import { itemsApi } from '../../../common/api/items.ts';
import { callApi } from '../../lib/api.ts';
import { itemQueries } from '../items/api.ts';
import { useRefreshAll } from './api.ts';

// Apart from the jobs' calls (api.ts): the item page loads these, the jobs' pages do not.

/** Under ['items', ...]: any item write anywhere (a take-out, a fill) refreshes it. */
export const contentsQuery = (itemId: string) =>
  queryOptions({
    queryKey: [...itemQueries.all(), 'contents', itemId] as const,
    queryFn: () =>
      callApi(containersApi.contents, { params: { id: itemId }, query: { deep: 'true' } }),
  });

/** Takes an item out of the container it is in: it stays where the container is. */
export function useTakeOut() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (itemId: string) =>
      callApi(itemsApi.update, { params: { id: itemId }, body: { container_id: null } }),
    onSuccess: refresh,
  });
}
