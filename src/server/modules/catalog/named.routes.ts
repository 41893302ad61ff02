import type { FastifyInstance } from 'fastify';
import type { clientsApi } from '../../../common/api/catalog.ts';
import { route } from '../../http/route.ts';
import type { NamedEntityService } from './named.service.ts';

/** The five calls of a named entity (src/common/api/catalog.ts), answered by its service. */
export function registerNamedRoutes(
  app: FastifyInstance,
  // The three contracts come from one builder, so the clients' type stands for all of them.
  api: typeof clientsApi,
  service: NamedEntityService,
): void {
  route(app, api.list, async ({ user }) => service.list(app, user));
  route(app, api.get, async ({ params, user }) => service.get(app, params.id, user));
  route(app, api.create, async ({ body, user }) => service.create(app, body.name, user));
  route(app, api.update, async ({ params, body, user, expectedVersion }) =>
    service.rename(app, params.id, body.name, user, expectedVersion),
  );
  route(app, api.remove, async ({ params, user }) => {
    await service.remove(app, params.id, user);
    return { ok: true as const };
  });
}
