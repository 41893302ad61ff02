import type { FastifyInstance } from 'fastify';
import { newId } from '../../src/server/lib/ids.ts';
import { locationsService } from '../../src/server/modules/locations/locations.service.ts';

/** A location, created through the locations service. */
export async function buildLocation(app: FastifyInstance, overrides: { name?: string } = {}) {
  return locationsService.create(app, overrides.name ?? `Location ${newId(6)}`, null);
}
