import { infiniteQueryOptions, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../common/api/contract.ts';
import { itemsApi } from '../../../common/api/items.ts';
import type { ItemPage } from '../../../common/schemas/item.ts';
import type { Status } from '../../../common/status.ts';
import { callApi } from '../../lib/api.ts';
import { activityQueries } from '../activity/api.ts';
import { track } from '../analytics/index.ts';
import { imageQueries } from '../images/api.ts';
import { labelQueries } from '../labels/api.ts';
import { useWrite } from '../../lib/invalidate.ts';
import { endpointQuery } from '../../lib/endpoint-query.ts';

/** Rows fetched per page of the home list: never the whole inventory at once. */
export const ITEM_LIST_PAGE = 50;

export interface ItemSearch {
  q: string;
  status: Status[];
  /** Only items that need attention (damaged or missing). */
  attention?: boolean;
}

export const itemQueries = {
  all: () => ['items'] as const,
  /** The home list: searched and filtered on the server, one page of 50 at a time. */
  search: ({ q, status, attention = false }: ItemSearch) =>
    infiniteQueryOptions({
      queryKey: [...itemQueries.all(), 'search', { q, status, attention }] as const,
      queryFn: async ({ pageParam }): Promise<ItemPage> => {
        const answer = await callApi(itemsApi.list, {
          query: {
            q: q.trim() || undefined,
            status: status.length ? status : undefined,
            attention: attention ? 'true' : undefined,
            limit: ITEM_LIST_PAGE,
            // Each page continues from the previous one's cursor: deep pages stay fast.
            cursor: pageParam ?? undefined,
          },
        });
        // With limit given the server always pages; the array form is the no-parameter one.
        return Array.isArray(answer)
          ? { items: answer, total: answer.length, total_capped: false, next_cursor: null }
          : answer;
      },
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next_cursor,
    }),
  detail: (id: string) =>
    endpointQuery([...itemQueries.all(), 'detail', id] as const, itemsApi.read, { params: { id } }),
};

export type ItemBody = BodyOf<typeof itemsApi.create>;

const itemWrites = () => [itemQueries.all(), activityQueries.all()];

/**
 * What a write to a name that items show (a client, location or component type) refreshes
 * beside its own list: the items, and the feed that records it.
 */
export const showingNames = itemWrites;

export function useCreateItem() {
  return useWrite(itemWrites(), (body: ItemBody) => callApi(itemsApi.create, { body }), {
    after: () => track('user_created_an_item_in_inventory'),
  });
}

export function useUpdateItem() {
  return useWrite(
    itemWrites(),
    ({ id, ...body }: BodyOf<typeof itemsApi.update> & { id: string }) =>
      callApi(itemsApi.update, { params: { id }, body }),
    { after: () => track('user_updated_an_item') },
  );
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useWrite(
    [...itemWrites(), labelQueries.all(), imageQueries.all()],
    (id: string) => callApi(itemsApi.remove, { params: { id } }),
    {
      after: (_ok, id) => {
        track('user_deleted_an_item_from_inventory');
        // The page is left right away; refetching the deleted item would only 404.
        queryClient.removeQueries({ queryKey: itemQueries.detail(id).queryKey });
      },
    },
  );
}
