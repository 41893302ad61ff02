import type { FastifyInstance } from 'fastify';
import { labelsApi } from '../../../common/api/labels.ts';
import { route } from '../../http/route.ts';
import { rateLimited } from '../../errors.ts';
import * as labels from './labels.service.ts';
import { anonymousScanAllowed, TOO_MANY_SCANS } from './scan-limit.ts';

export function registerLabelRoutes(app: FastifyInstance): void {
  route(app, labelsApi.get, async ({ params }) => labels.getLabel(app, params.id));

  route(app, labelsApi.listForItem, async ({ params }) => labels.listItemLabels(app, params.id));

  route(app, labelsApi.attach, async ({ query, body, user }) =>
    labels.attachLabel(app, { code: body.id, itemId: body.item_id, replace: query.replace }, user),
  );

  route(app, labelsApi.update, async ({ params, body, user }) =>
    labels.updateLabel(app, params.id, body.item_id, user),
  );

  route(app, labelsApi.scan, async ({ params, query, user, req }) => {
    if (!(await anonymousScanAllowed(app, user, req.ip))) throw rateLimited(TOO_MANY_SCANS);
    return labels.recordScan(app, params.code, user, query.mode);
  });
}
