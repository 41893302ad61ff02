import type { FastifyInstance } from 'fastify';
import { componentsApi } from '../../../common/api/catalog.ts';
import { registerNamedRoutes } from '../catalog/named.routes.ts';
import { componentsService } from './components.service.ts';

export function registerComponentRoutes(app: FastifyInstance): void {
  registerNamedRoutes(app, componentsApi, componentsService);
}
