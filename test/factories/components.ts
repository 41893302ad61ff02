import type { FastifyInstance } from 'fastify';
import { newId } from '../../src/server/lib/ids.ts';
import { componentsService } from '../../src/server/modules/components/components.service.ts';

/** A component type, created through the components service. */
export async function buildComponent(app: FastifyInstance, overrides: { name?: string } = {}) {
  return componentsService.create(app, overrides.name ?? `Component ${newId(6)}`, null);
}
