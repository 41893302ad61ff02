import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { importApi } from '../../../common/api/import.ts';
import { AppError } from '../../errors.ts';
import { route } from '../../http/route.ts';
import { discardRest } from '../uploads/read-limited.ts';
import { csvParser } from './csv-parser.ts';
import { readCsv } from './csv-read.ts';
import { exportFileName, exportItems } from './export.service.ts';
import { importItems } from './import.service.ts';

export const IMPORT_RUNNING_MESSAGE =
  'Another import is running on this server. Please try again when it has finished.';
export const IMPORT_RETRY_AFTER_SECONDS = 10;

/**
 * The import takes the CSV as the raw request body, in its own plugin scope so the
 * stream reaches the service unread (whatever Content-Type a script sends: curl's
 * --data-binary says form-urlencoded). Like uploads, the rest of a refused body is
 * drained within bounds.
 */
export function registerImportRoutes(api: FastifyInstance): void {
  void api.register(async (scope) => {
    const parse = csvParser(scope);
    // One import at a time on this instance (docs/decisions.md#security-resource-limits):
    // each holds a file of up to 20 MB and then a write transaction; a second is a 429
    // before its body is read (onResponse below drains it).
    let running = false;
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    scope.addHook('onResponse', async (req) => {
      if (req.body instanceof Readable) discardRest(req.body);
    });
    route(scope, importApi.import, async ({ req, query, user }) => {
      if (running) {
        throw new AppError(
          429,
          'import_running',
          IMPORT_RUNNING_MESSAGE,
          undefined,
          IMPORT_RETRY_AFTER_SECONDS,
        );
      }
      running = true;
      try {
        const length = Number(req.headers['content-length']);
        const file = await readCsv(
          req.body instanceof Readable ? req.body : undefined,
          Number.isFinite(length) ? length : undefined,
          query,
          parse,
        );
        return await importItems(scope, file, query, user);
      } finally {
        running = false;
      }
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
