import { queryOptions } from '@tanstack/react-query';
import { reservationsApi } from '../../../common/api/reservations.ts';
import { callApi } from '../../lib/api.ts';
import { manifestQueries } from '../manifests/api.ts';
import type { PlannerRange } from './range.ts';

export interface PlannerFilters {
  clientId: string | null;
  componentId: string | null;
}

/**
 * The planner's jobs for a range. Under the manifests' key: every job write (dates, stage,
 * requirements, reservations, packing) already refreshes that key, and each of them can
 * move a bar or change a shortage.
 */
export const plannerQueries = {
  calendar: (range: PlannerRange, filters: PlannerFilters) =>
    queryOptions({
      queryKey: [...manifestQueries.all(), 'calendar', { ...range, ...filters }] as const,
      queryFn: () =>
        callApi(reservationsApi.calendar, {
          query: {
            from: range.from,
            to: range.to,
            client_id: filters.clientId ?? undefined,
            component_id: filters.componentId ?? undefined,
          },
        }),
    }),
};
