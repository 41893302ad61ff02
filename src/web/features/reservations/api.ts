import { queryOptions } from '@tanstack/react-query';
import { reservationsApi } from '../../../common/api/reservations.ts';
import type { Status } from '../../../common/status.ts';
import { callApi } from '../../lib/api.ts';
import { queryById } from '../../lib/endpoint-query.ts';
import { useWrite } from '../../lib/invalidate.ts';
import { activityQueries } from '../activity/api.ts';
import { itemQueries } from '../items/api.ts';
import { manifestQueries } from '../manifests/api.ts';
import type { Override } from './override.ts';

/**
 * Reservations' reads. A job's availability and the picker's list live under the
 * manifests' key, an item's bookings under the items' key: packing, returns, requirement
 * and date changes already refresh those keys, and each can change what is free.
 */
export const reservationQueries = {
  manifestAvailability: (manifestId: string) =>
    queryById(
      [...manifestQueries.all(), 'availability'],
      reservationsApi.manifestAvailability,
      manifestId,
    ),
  reservations: (manifestId: string) =>
    queryById([...manifestQueries.all(), 'reservations'], reservationsApi.list, manifestId),
  /** Items matching the search and types for a window (free ones only with `free`), containers first. */
  freeItems: (query: {
    from: string;
    to: string;
    q?: string;
    status?: Status[];
    component_id?: string;
    exclude_manifest?: string;
    free?: boolean;
  }) =>
    queryOptions({
      queryKey: [...manifestQueries.all(), 'free-items', query] as const,
      queryFn: () =>
        callApi(reservationsApi.availability, {
          query: {
            from: query.from,
            to: query.to,
            q: query.q?.trim() || undefined,
            status: query.status?.length ? query.status : undefined,
            component_id: query.component_id,
            exclude_manifest: query.exclude_manifest,
            free: query.free ? 'true' : undefined,
            limit: 100,
          },
        }),
    }),
  bookings: (itemId: string) =>
    queryById([...itemQueries.all(), 'bookings'], reservationsApi.itemBookings, itemId),
};

/** A reservation changes what the job holds, what items are free and their bookings. */
const reservationWrites = () => [manifestQueries.all(), itemQueries.all(), activityQueries.all()];

export function useReserve(manifestId: string) {
  return useWrite(reservationWrites(), (override?: Override) =>
    callApi(reservationsApi.reserve, { params: { id: manifestId }, body: { ...override } }),
  );
}

export function useUnreserve(manifestId: string) {
  return useWrite(reservationWrites(), () =>
    callApi(reservationsApi.unreserve, { params: { id: manifestId } }),
  );
}

export function useAddReservation(manifestId: string) {
  return useWrite(reservationWrites(), (body: { item_id: string } & Partial<Override>) =>
    callApi(reservationsApi.add, { params: { id: manifestId }, body }),
  );
}

export function useRemoveReservation(manifestId: string) {
  return useWrite(reservationWrites(), (itemId: string) =>
    callApi(reservationsApi.remove, { params: { id: manifestId }, body: { item_id: itemId } }),
  );
}
