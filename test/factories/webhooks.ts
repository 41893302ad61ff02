import type { FastifyInstance } from 'fastify';
import type { WebhookSubscription } from '../../src/common/webhook-events.ts';
import { newId } from '../../src/server/lib/ids.ts';
import { fanOut } from '../../src/server/modules/webhooks/delivery.ts';
import { createWebhook } from '../../src/server/modules/webhooks/webhooks.service.ts';
import { buildItem } from './items.ts';

/** A webhook endpoint, registered through the webhooks service (secret included). */
export async function buildWebhook(
  app: FastifyInstance,
  overrides: { url?: string; events?: WebhookSubscription[]; secret?: string } = {},
) {
  return createWebhook(
    app,
    {
      url: overrides.url ?? `https://hooks.example.com/${newId(8)}`,
      events: overrides.events ?? ['*'],
      ...(overrides.secret ? { secret: overrides.secret } : {}),
    },
    null,
  );
}

/**
 * A delivery in the endpoint's log: a new item's item.created, fanned out as the worker
 * does. The endpoint should subscribe to item.created (or `*`).
 */
export async function buildWebhookDelivery(app: FastifyInstance, endpointId: string) {
  const item = await buildItem(app);
  await fanOut(app);
  const row = await app.db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
    .select(['webhook_deliveries.id', 'webhook_deliveries.event_id'])
    .where('webhook_deliveries.endpoint_id', '=', endpointId)
    .where('webhook_events.payload', 'like', `%${item.id}%`)
    .executeTakeFirstOrThrow();
  return { ...row, itemId: item.id };
}
