import type { FastifyInstance } from 'fastify';
import { serviceTokensApi, tokensApi } from '../../../common/api/tokens.ts';
import { route } from '../../http/route.ts';
import {
  createPersonalToken,
  createServiceToken,
  listOnlyToken,
  listTokens,
  revokeToken,
} from './tokens.service.ts';

export function registerTokenRoutes(app: FastifyInstance): void {
  route(app, tokensApi.list, async ({ user, req }) =>
    // A token sees itself only, never its member's other tokens (nor a service token's).
    req.apiToken ? listOnlyToken(app, req.apiToken.id) : listTokens(app, user.id),
  );
  route(app, tokensApi.create, async ({ user, body }) => createPersonalToken(app, user, body));
  route(app, tokensApi.revoke, async ({ user, params }) => {
    await revokeToken(app, user, params.id, user.id);
    return { ok: true as const };
  });

  route(app, serviceTokensApi.list, async () => listTokens(app, null));
  route(app, serviceTokensApi.create, async ({ user, body }) =>
    createServiceToken(app, user, body),
  );
  route(app, serviceTokensApi.revoke, async ({ user, params }) => {
    await revokeToken(app, user, params.id, null);
    return { ok: true as const };
  });
}
