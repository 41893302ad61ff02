import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { systemApi } from '../../common/api/system.ts';
import { AppError } from '../errors.ts';
import { route } from '../http/route.ts';
import { SSO_START_PATH } from './sso/sso.routes.ts';

export function registerSystemRoutes(app: FastifyInstance): void {
  route(app, systemApi.health, async () => {
    try {
      await sql`select 1`.execute(app.db);
    } catch (err) {
      app.log.error({ err }, 'health check: database unreachable');
      throw new AppError(503, 'unavailable', 'The database is unreachable.');
    }
    return { status: 'ok' as const, database: app.dialect };
  });

  route(app, systemApi.config, async () => ({
    product_name: app.config.productName,
    public_url: app.config.publicUrl,
    sso: app.config.oidc ? { name: app.config.oidc.name, start_url: SSO_START_PATH } : null,
    password_login: app.config.passwordLogin,
  }));
}
