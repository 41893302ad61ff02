import type { FastifyInstance } from 'fastify';
import { componentsApi } from '../../../common/api/catalog.ts';
import { route } from '../../http/route.ts';
import { componentsService as components } from './components.service.ts';

export function registerComponentRoutes(app: FastifyInstance): void {
  route(app, componentsApi.list, async ({ user }) => components.list(app, user));
  route(app, componentsApi.get, async ({ params, user }) => components.get(app, params.id, user));
  route(app, componentsApi.create, async ({ body, user }) =>
    components.create(app, body.name, user),
  );
  route(app, componentsApi.update, async ({ params, body, user, expectedVersion }) =>
    components.rename(app, params.id, body.name, user, expectedVersion),
  );
  route(app, componentsApi.remove, async ({ params, user }) => {
    await components.remove(app, params.id, user);
    return { ok: true as const };
  });
}
