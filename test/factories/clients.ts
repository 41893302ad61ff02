import type { FastifyInstance } from 'fastify';
import { newId } from '../../src/server/lib/ids.ts';
import { clientsService } from '../../src/server/modules/clients/clients.service.ts';

/** A client, created through the clients service (with its feed entry, by nobody). */
export async function buildClient(app: FastifyInstance, overrides: { name?: string } = {}) {
  return clientsService.create(app, overrides.name ?? `Client ${newId(6)}`, null);
}
