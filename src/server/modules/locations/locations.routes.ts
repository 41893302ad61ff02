import type { FastifyInstance } from 'fastify';
import { locationsApi } from '../../../common/api/catalog.ts';
import { registerNamedRoutes } from '../catalog/named.routes.ts';
import { locationsService } from './locations.service.ts';

export function registerLocationRoutes(app: FastifyInstance): void {
  registerNamedRoutes(app, locationsApi, locationsService);
}
