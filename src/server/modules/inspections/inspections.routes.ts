import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { inspectionKindsApi, inspectionsApi } from '../../../common/api/inspections.ts';
import { today } from '../../../common/job-stages.ts';
import { route } from '../../http/route.ts';
import { discardRest } from '../uploads/read-limited.ts';
import { readInspectionForm } from './inspection-form.ts';
import * as kinds from './inspection-kinds.service.ts';
import * as inspections from './inspections.service.ts';

/** Inspection kinds (admin), inspections of items, what is due, the digest switch. */
export function registerInspectionRoutes(api: FastifyInstance): void {
  route(api, inspectionKindsApi.list, async () => kinds.listKinds(api));
  route(api, inspectionKindsApi.create, async ({ body, user }) =>
    kinds.createKind(api, body, user),
  );
  route(api, inspectionKindsApi.update, async ({ params, body, user, expectedVersion }) =>
    kinds.updateKind(api, params.id, body, expectedVersion, user),
  );
  route(api, inspectionKindsApi.remove, async ({ params, user }) => {
    await kinds.deleteKind(api, params.id, user);
    return { ok: true as const };
  });

  route(api, inspectionsApi.forItem, async ({ params, user }) =>
    inspections.itemInspections(api, params.id, user),
  );
  route(api, inspectionsApi.attachment, async ({ params, user, reply }) => {
    const file = await inspections.attachmentFile(api, params.id, params.attachmentId, user);
    return (
      reply
        .type(file.content_type)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        // ASCII only in the header: the stored name may hold any letters.
        .header(
          'content-disposition',
          `inline; filename="${file.filename.replace(/[^\w.-]+/g, '-')}"`,
        )
        .send(file.stream)
    );
  });
  route(api, inspectionsApi.due, async ({ query }) =>
    inspections.dueInspections(api.db, query.days),
  );
  route(api, inspectionsApi.forJob, async ({ params }) =>
    inspections.jobDueInspections(api, params.id),
  );
  route(api, inspectionsApi.digest, async ({ user }) => inspections.digestSetting(api, user));
  route(api, inspectionsApi.setDigest, async ({ body, user }) =>
    inspections.setDigestSetting(api, user, body.enabled),
  );

  // The record form is multipart with files: in its own scope, whose parser hands the
  // handler the unread stream (read within bounds by readInspectionForm), as uploads do.
  void api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    scope.addHook('onResponse', async (req) => {
      if (req.body instanceof Readable) discardRest(req.body);
    });
    route(scope, inspectionsApi.record, async ({ params, req, user }) => {
      const length = Number(req.headers['content-length']);
      const form = await readInspectionForm(
        req.body instanceof Readable ? req.body : undefined,
        req.headers['content-type'],
        Number.isFinite(length) ? length : undefined,
        today(),
      );
      return inspections.recordInspection(api, params.id, form, user);
    });
  });
}
