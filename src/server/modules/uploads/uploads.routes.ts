import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { uploadsApi } from '../../../common/api/images.ts';
import { AppError, sendError } from '../../errors.ts';
import { route } from '../../http/route.ts';
import { contentTypeOf, UPLOADS_URL_PREFIX } from '../../lib/storage.ts';
import { discardRest } from './read-limited.ts';
import { storeUpload } from './uploads.service.ts';

/**
 * POST /upload/:filename, in its own plugin scope so its raw-body parser applies to this
 * route alone. The parser hands the handler the unread request stream (no buffering, no
 * Fastify body limit), and accepts any declared Content-Type: the bytes decide what the
 * file is, and the spec's client sends uploads with a JSON content type.
 */
export function registerUploadRoutes(api: FastifyInstance): void {
  void api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

    // Whatever the outcome (stored, refused, or 401 before reading a byte), drain what
    // is left of the body within bounds rather than let Node read all of it.
    scope.addHook('onResponse', async (req) => {
      if (req.body instanceof Readable) discardRest(req.body);
    });

    route(scope, uploadsApi.upload, async ({ req }) => {
      const length = Number(req.headers['content-length']);
      return storeUpload(
        scope,
        req.body instanceof Readable ? req.body : undefined,
        Number.isFinite(length) ? length : undefined,
      );
    });
  });
}

/**
 * Serves stored uploads at /uploads/<key>, outside /api. Item images are as public as the
 * item (docs/decisions.md); what keeps another client's image from a caller is its key: 96
 * random bits, handed out only with the item. Keys are never reused, so a file can be
 * cached for good. Only well-formed keys reach the store (FileStorage), which rules out
 * traversal and anything else in the folder or bucket. Streamed through the app from a
 * private bucket too (docs/decisions.md, "Files in an object store").
 * Safe to call twice: tests call it whether or not app.ts already has.
 */
export function registerUploadsServing(app: FastifyInstance): void {
  const url = `${UPLOADS_URL_PREFIX}/:key`;
  if (app.hasRoute({ method: 'GET', url })) return;
  app.get<{ Params: { key: string } }>(url, async (req, reply) => {
    const type = contentTypeOf(req.params.key);
    const file = type ? await app.storage.get(req.params.key) : null;
    if (!type || !file) return notFound(reply);
    return reply
      .type(type)
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.body);
  });
}

function notFound(reply: FastifyReply) {
  return sendError(
    reply.header('cache-control', 'no-cache'),
    new AppError(404, 'not_found', 'File not found.'),
  );
}
