import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { BodyOf } from '../../../common/api/contract.ts';
import { itemsApi } from '../../../common/api/items.ts';
import type { ItemPage } from '../../../common/schemas/item.ts';
import type { Status } from '../../../common/status.ts';
import { callApi } from '../../lib/api.ts';
import { activityQueries } from '../activity/api.ts';
import { track } from '../analytics/index.ts';
import { imageQueries } from '../images/api.ts';
import { labelQueries } from '../labels/api.ts';
import { useInvalidate } from '../../lib/invalidate.ts';

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
    queryOptions({
      queryKey: [...itemQueries.all(), 'detail', id] as const,
      queryFn: () => callApi(itemsApi.read, { params: { id } }),
    }),
};

export type ItemBody = BodyOf<typeof itemsApi.create>;

const itemWrites = () => [itemQueries.all(), activityQueries.all()];

export function useCreateItem() {
  const invalidate = useInvalidate(itemWrites());
  return useMutation({
    mutationFn: (body: ItemBody) => callApi(itemsApi.create, { body }),
    onSuccess: () => {
      track('user_created_an_item_in_inventory');
      return invalidate();
    },
  });
}

export function useUpdateItem() {
  const invalidate = useInvalidate(itemWrites());
  return useMutation({
    mutationFn: ({ id, ...body }: BodyOf<typeof itemsApi.update> & { id: string }) =>
      callApi(itemsApi.update, { params: { id }, body }),
    onSuccess: () => {
      track('user_updated_an_item');
      return invalidate();
    },
  });
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate([...itemWrites(), labelQueries.all(), imageQueries.all()]);
  return useMutation({
    mutationFn: (id: string) => callApi(itemsApi.remove, { params: { id } }),
    onSuccess: (_ok, id) => {
      track('user_deleted_an_item_from_inventory');
      // The page is left right away; refetching the deleted item would only 404.
      queryClient.removeQueries({ queryKey: itemQueries.detail(id).queryKey });
      return invalidate();
    },
  });
}
