import { z } from 'zod';
import { endpoint } from './contract.ts';
import { idParams, okSchema } from '../schemas/common.ts';
import { manifestSchema } from '../schemas/manifest.ts';
import {
  availabilityQuery,
  availabilitySchema,
  calendarQuery,
  calendarSchema,
  itemBookingsSchema,
  manifestAvailabilitySchema,
  reservationBody,
  reservationSchema,
  reserveBody,
  unreservationBody,
} from '../schemas/reservation.ts';

/**
 * Reservations (docs/decisions.md, "Reservations: how availability is counted"): a job holds
 * kit for its window; conflicts are refused with 409 `overbooked` in the write's own
 * transaction unless the write says `override: true` with an `override_note`.
 */
export const reservationsApi = {
  reserve: endpoint({
    method: 'POST',
    path: '/inventory/manifests/:id/reserve',
    tag: 'reservations',
    summary:
      'planning → reserved: the job holds its named items and required counts for its window. Needs both dates; 409 overbooked names the jobs in the way (override with a note)',
    access: 'inventory:write',
    params: idParams,
    body: reserveBody,
    response: manifestSchema,
    idempotent: true,
  }),
  unreserve: endpoint({
    method: 'POST',
    path: '/inventory/manifests/:id/unreserve',
    tag: 'reservations',
    summary: 'reserved → planning: the job holds nothing any more (its lines stay, as a draft)',
    access: 'inventory:write',
    params: idParams,
    response: manifestSchema,
    idempotent: true,
  }),
  list: endpoint({
    method: 'GET',
    path: '/inventory/manifests/:id/reservations',
    tag: 'reservations',
    summary: "A job's named reservation lines, by item name",
    access: 'catalog:read',
    params: idParams,
    response: z.array(reservationSchema),
  }),
  add: endpoint({
    method: 'POST',
    path: '/inventory/manifests/:id/reservations',
    tag: 'reservations',
    summary:
      'Hold an item by name (a container brings its contents). On a reserved job, 409 overbooked when another overlapping job holds it (override with a note)',
    access: 'inventory:write',
    params: idParams,
    body: reservationBody,
    response: z.array(reservationSchema),
    status: 201,
    idempotent: true,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/inventory/manifests/:id/reservations',
    tag: 'reservations',
    summary: 'Let go of an item held by name, and of what its reservation brought along',
    access: 'inventory:write',
    params: idParams,
    body: unreservationBody,
    response: okSchema,
    idempotent: true,
  }),
  manifestAvailability: endpoint({
    method: 'GET',
    path: '/inventory/manifests/:id/availability',
    tag: 'reservations',
    summary:
      "For the job's window: each requirement's required, fulfilled, available, short and the jobs in the way; each named reservation's state",
    access: 'catalog:read',
    params: idParams,
    response: manifestAvailabilitySchema,
  }),
  availability: endpoint({
    method: 'GET',
    path: '/inventory/availability',
    tag: 'reservations',
    summary:
      'What is free for a window: per component type {total, held, available}; with q or component_id the matching items and who holds them',
    access: 'item:list',
    query: availabilityQuery,
    response: availabilitySchema,
  }),
  calendar: endpoint({
    method: 'GET',
    path: '/inventory/calendar',
    tag: 'reservations',
    summary:
      'Jobs whose windows overlap from…to, with stage, counts and shortage flags (client users: their own)',
    access: 'catalog:read',
    query: calendarQuery,
    response: calendarSchema,
  }),
  itemBookings: endpoint({
    method: 'GET',
    path: '/inventory/items/:id/bookings',
    tag: 'reservations',
    summary: "An item's past, current and future jobs with their windows, and the next one",
    access: 'catalog:read',
    params: idParams,
    response: itemBookingsSchema,
  }),
};
