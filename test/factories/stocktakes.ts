import type { FastifyInstance } from 'fastify';
import {
  scanIntoStocktake,
  startStocktake,
} from '../../src/server/modules/stocktakes/stocktakes.service.ts';
import { buildLocation } from './locations.ts';
import { buildMember } from './members.ts';

/** A staff member as the services take one. */
async function staffActor(app: FastifyInstance) {
  const member = await buildMember(app, { role: 'staff' });
  return { ...member, email_verified: true };
}

/**
 * An open stock-take through the service, as the app starts one: of the location or
 * container given, or of a fresh empty location.
 */
export async function buildStocktake(
  app: FastifyInstance,
  place: { location_id?: string; container_id?: string; count_contents?: boolean } = {},
) {
  const actor = await staffActor(app);
  const target =
    place.location_id || place.container_id
      ? place
      : { ...place, location_id: (await buildLocation(app)).id };
  return startStocktake(app, target, actor);
}

/** A scan into a stock-take through the service, by a fresh staff member. */
export async function buildStocktakeScan(app: FastifyInstance, stocktakeId: string, code: string) {
  return scanIntoStocktake(app, stocktakeId, code, await staffActor(app));
}
