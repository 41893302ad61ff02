import type { FastifyInstance } from 'fastify';
import { clientsApi } from '../../../common/api/catalog.ts';
import { registerNamedRoutes } from '../catalog/named.routes.ts';
import { clientsService } from './clients.service.ts';

export function registerClientRoutes(app: FastifyInstance): void {
  registerNamedRoutes(app, clientsApi, clientsService);
}
