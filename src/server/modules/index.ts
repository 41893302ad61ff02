import type { FastifyInstance } from 'fastify';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { registerMemberRoutes } from './members/members.routes.ts';
import { registerSystemRoutes } from './system.routes.ts';

/** Every API module, mounted under /api. A module is public only route by route. */
export function registerApiModules(api: FastifyInstance): void {
  registerSystemRoutes(api);
  registerAuthRoutes(api);
  registerMemberRoutes(api);
}
