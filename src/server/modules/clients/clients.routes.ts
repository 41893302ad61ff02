import type { FastifyInstance } from 'fastify';
import { clientsApi } from '../../../common/api/catalog.ts';
import { route } from '../../http/route.ts';
import { clientsService as clients } from './clients.service.ts';

export function registerClientRoutes(app: FastifyInstance): void {
  route(app, clientsApi.list, async ({ user }) => clients.list(app, user));
  route(app, clientsApi.get, async ({ params, user }) => clients.get(app, params.id, user));
  route(app, clientsApi.create, async ({ body, user }) => clients.create(app, body.name, user));
  route(app, clientsApi.update, async ({ params, body, user, expectedVersion }) =>
    clients.rename(app, params.id, body.name, user, expectedVersion),
  );
  route(app, clientsApi.remove, async ({ params, user }) => {
    await clients.remove(app, params.id, user);
    return { ok: true as const };
  });
}
