import type { FastifyInstance } from 'fastify';
import { locationsApi } from '../../../common/api/catalog.ts';
import { route } from '../../http/route.ts';
import { locationsService as locations } from './locations.service.ts';

export function registerLocationRoutes(app: FastifyInstance): void {
  route(app, locationsApi.list, async ({ user }) => locations.list(app, user));
  route(app, locationsApi.get, async ({ params, user }) => locations.get(app, params.id, user));
  route(app, locationsApi.create, async ({ body, user }) => locations.create(app, body.name, user));
  route(app, locationsApi.update, async ({ params, body, user, expectedVersion }) =>
    locations.rename(app, params.id, body.name, user, expectedVersion),
  );
  route(app, locationsApi.remove, async ({ params, user }) => {
    await locations.remove(app, params.id, user);
    return { ok: true as const };
  });
}
