import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { importApi } from '../../../common/api/import.ts';
import { route } from '../../http/route.ts';
import { discardRest } from '../uploads/read-limited.ts';
import { exportFileName, exportItems } from './export.service.ts';
import { importItems } from './import.service.ts';

/**
 * The import takes the CSV as the raw request body, in its own plugin scope so the
 * stream reaches the service unread (whatever Content-Type a script sends: curl's
 * --data-binary says form-urlencoded). Like uploads, the rest of a refused body is
 * drained within bounds.
 */
export function registerImportRoutes(api: FastifyInstance): void {
  void api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    scope.addHook('onResponse', async (req) => {
      if (req.body instanceof Readable) discardRest(req.body);
    });
    route(scope, importApi.import, async ({ req, query, user }) => {
      const length = Number(req.headers['content-length']);
      return importItems(
        scope,
        req.body instanceof Readable ? req.body : undefined,
        Number.isFinite(length) ? length : undefined,
        query,
        user,
      );
    });
  });

  route(
    api,
    importApi.export,
    async ({ query, user, reply }) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName()}"`)
        .header('cache-control', 'no-store')
        .send(exportItems(api, user, query)) as never,
  );
}
