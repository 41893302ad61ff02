import { infiniteQueryOptions } from '@tanstack/react-query';
import { activityApi } from '../../../common/api/activity.ts';
import { callApi } from '../../lib/api.ts';

export const activityQueries = {
  all: () => ['activity'] as const,
  /** The feed: page 1 first, then 2, 3, ... until a page comes back empty (spec). */
  feed: () =>
    infiniteQueryOptions({
      queryKey: [...activityQueries.all(), 'feed'] as const,
      queryFn: ({ pageParam }) => callApi(activityApi.page, { params: { page: pageParam } }),
      initialPageParam: 1,
      getNextPageParam: (last, _pages, lastPage) => (last.length === 0 ? undefined : lastPage + 1),
    }),
};
