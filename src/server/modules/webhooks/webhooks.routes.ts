import type { FastifyInstance } from 'fastify';
import { webhooksApi } from '../../../common/api/webhooks.ts';
import { route } from '../../http/route.ts';
import * as webhooks from './webhooks.service.ts';

export function registerWebhookRoutes(app: FastifyInstance): void {
  route(app, webhooksApi.list, async () => webhooks.listWebhooks(app));
  route(app, webhooksApi.create, async ({ body, user }) => webhooks.createWebhook(app, body, user));
  route(app, webhooksApi.update, async ({ params, body, user }) =>
    webhooks.updateWebhook(app, params.id, body, user),
  );
  route(app, webhooksApi.remove, async ({ params, user }) => {
    await webhooks.deleteWebhook(app, params.id, user);
    return { ok: true as const };
  });
  route(app, webhooksApi.deliveries, async ({ params }) => webhooks.listDeliveries(app, params.id));
  route(app, webhooksApi.resend, async ({ params }) =>
    webhooks.resendDelivery(app, params.id, params.delivery_id),
  );
}
