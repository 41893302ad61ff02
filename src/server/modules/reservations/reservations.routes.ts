import type { FastifyInstance } from 'fastify';
import { reservationsApi } from '../../../common/api/reservations.ts';
import { withManifestAbilities } from '../../../common/job-stages.ts';
import { route } from '../../http/route.ts';
import * as reads from './availability.service.ts';
import * as reservations from './reservations.service.ts';

/** Reservations: reserve/unreserve, named lines, availability, calendar, bookings. */
export function registerReservationRoutes(app: FastifyInstance): void {
  route(app, reservationsApi.reserve, async ({ params, body, user, role }) =>
    withManifestAbilities(role, await reservations.reserveJob(app, params.id, body, user)),
  );
  route(app, reservationsApi.unreserve, async ({ params, user, role }) =>
    withManifestAbilities(role, await reservations.unreserveJob(app, params.id, user)),
  );
  route(app, reservationsApi.list, async ({ params, user }) =>
    reservations.listReservations(app, params.id, user),
  );
  route(app, reservationsApi.add, async ({ params, body, user }) =>
    reservations.addReservation(app, params.id, body, user),
  );
  route(app, reservationsApi.remove, async ({ params, body, user }) => {
    await reservations.removeReservation(app, params.id, body.item_id, user);
    return { ok: true as const };
  });
  route(app, reservationsApi.manifestAvailability, async ({ params, user }) =>
    reads.manifestAvailability(app, params.id, user),
  );
  route(app, reservationsApi.availability, async ({ query, user }) =>
    reads.availability(app, query, user),
  );
  route(app, reservationsApi.calendar, async ({ query, user }) => reads.calendar(app, query, user));
  route(app, reservationsApi.itemBookings, async ({ params, user }) =>
    reads.itemBookings(app, params.id, user),
  );
}
