import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type {
  Webhook,
  WebhookDelivery,
  createWebhookBody,
  updateWebhookBody,
} from '../../../common/schemas/webhook.ts';
import { DELIVERIES_LISTED } from '../../../common/schemas/webhook.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { refusedTarget } from '../../lib/outbound-post.ts';
import { entityActivity, type Actor } from '../activity/activity.repo.ts';
import { membersRepo } from '../members/members.repo.ts';
import { newWebhookSecret } from './signing.ts';
import {
  deliveriesRepo,
  endpointsRepo,
  type DeliveryRow,
  type EndpointRow,
} from './webhooks.repo.ts';

export function toWebhook(row: EndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    enabled: row.enabled === 1,
    disabled_reason: row.disabled_reason,
    failing_since: row.failing_since,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    response_status: row.response_status,
    error: row.error,
    last_attempt_at: row.last_attempt_at,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
  };
}

/**
 * Feed entries and emails name an endpoint by its host only: the rest of a webhook URL
 * often is a credential (a chat service's incoming-webhook path).
 */
const subjectOf = (row: { id: string; url: string }) => ({
  id: row.id,
  name: new URL(row.url).host,
});

/** A literal private address or a name for this machine is refused when registering. */
function checkTarget(app: FastifyInstance, url: string): void {
  const refused = refusedTarget(new URL(url), app.config.webhookAllowPrivate);
  if (refused) {
    throw new AppError(
      400,
      'url_refused',
      `This URL points at a private, loopback or link-local address, which webhooks may not reach (${refused}). An operator can allow it with WEBHOOK_ALLOW_PRIVATE=true.`,
    );
  }
}

export async function listWebhooks(app: FastifyInstance): Promise<Webhook[]> {
  return (await endpointsRepo.list(app.db)).map(toWebhook);
}

export async function createWebhook(
  app: FastifyInstance,
  body: z.output<typeof createWebhookBody>,
  actor: Actor | null,
): Promise<Webhook & { secret: string }> {
  checkTarget(app, body.url);
  const now = nowIso();
  const row: EndpointRow = {
    id: newId(),
    url: body.url,
    events: JSON.stringify(body.events),
    secret: body.secret ?? newWebhookSecret(),
    enabled: 1,
    disabled_reason: null,
    failing_since: null,
    created_at: now,
    updated_at: now,
  };
  await app.db.transaction().execute(async (trx) => {
    await endpointsRepo.insert(trx, row);
    await entityActivity(trx, 'WEBHOOK', actor, subjectOf(row), 'CREATE');
  });
  return { ...toWebhook(row), secret: row.secret };
}

export async function updateWebhook(
  app: FastifyInstance,
  id: string,
  body: z.output<typeof updateWebhookBody>,
  actor: Actor,
): Promise<Webhook> {
  if (body.url !== undefined) checkTarget(app, body.url);
  const now = nowIso();
  const enabling = body.enabled === undefined ? {} : enabledValues(body.enabled);
  await app.db.transaction().execute(async (trx) => {
    const found = await endpointsRepo.find(trx, id);
    if (!found) throw notFound('Webhook endpoint');
    await endpointsRepo.update(trx, id, {
      ...(body.url === undefined ? {} : { url: body.url }),
      ...(body.events === undefined ? {} : { events: JSON.stringify(body.events) }),
      ...(body.secret === undefined ? {} : { secret: body.secret }),
      ...enabling,
      updated_at: now,
    });
    await entityActivity(
      trx,
      'WEBHOOK',
      actor,
      subjectOf(body.url ? { id, url: body.url } : found),
      'UPDATE',
    );
  });
  const row = await endpointsRepo.find(app.db, id);
  if (!row) throw notFound('Webhook endpoint');
  return toWebhook(row);
}

/**
 * Enabling clears the failure: its pending deliveries go out again, in order, each with a
 * fresh retry schedule as they fail anew.
 */
function enabledValues(enabled: boolean): Partial<EndpointRow> {
  return enabled
    ? { enabled: 1, disabled_reason: null, failing_since: null }
    : { enabled: 0, disabled_reason: 'Disabled by an admin' };
}

export async function deleteWebhook(app: FastifyInstance, id: string, actor: Actor) {
  await app.db.transaction().execute(async (trx) => {
    const found = await endpointsRepo.find(trx, id);
    if (!found) throw notFound('Webhook endpoint');
    await endpointsRepo.delete(trx, id);
    await entityActivity(trx, 'WEBHOOK', actor, subjectOf(found), 'DELETE');
  });
}

export async function listDeliveries(app: FastifyInstance, id: string): Promise<WebhookDelivery[]> {
  if (!(await endpointsRepo.find(app.db, id))) throw notFound('Webhook endpoint');
  return (await deliveriesRepo.log(app.db, id, DELIVERIES_LISTED)).map(toDelivery);
}

export async function resendDelivery(
  app: FastifyInstance,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const endpoint = await endpointsRepo.find(app.db, id);
  if (!endpoint) throw notFound('Webhook endpoint');
  const delivery = await deliveriesRepo.find(app.db, id, deliveryId);
  if (!delivery) throw notFound('Delivery');
  if (endpoint.enabled !== 1) {
    throw conflict('This endpoint is disabled. Enable it first, then resend.', 'webhook_disabled');
  }
  await deliveriesRepo.requeue(app.db, deliveryId, nowIso());
  app.periodicWork.get('webhook-delivery')?.nudge();
  const row = await deliveriesRepo.find(app.db, id, deliveryId);
  if (!row) throw notFound('Delivery');
  return toDelivery(row);
}

/**
 * An endpoint whose delivery failed through the whole retry schedule (about a day) is
 * switched off with that delivery marked failed, and admins are told: a feed entry, and an
 * email to each admin.
 */
export async function disableFailingEndpoint(
  app: FastifyInstance,
  id: string,
  deliveryId: string,
  failure: Pick<
    DeliveryRow,
    'attempts' | 'last_attempt_at' | 'response_status' | 'error' | 'delivered_at'
  >,
): Promise<void> {
  const reason = `Switched off after a delivery failed ${failure.attempts} times: ${failure.error ?? 'no answer'}`;
  const now = nowIso();
  const endpoint = await app.db.transaction().execute(async (trx) => {
    await deliveriesRepo.recordAttempt(trx, deliveryId, {
      ...failure,
      status: 'failed',
      next_attempt_at: null,
    });
    const found = await endpointsRepo.find(trx, id);
    if (!found || !(await endpointsRepo.disable(trx, id, reason, now))) return null;
    await entityActivity(trx, 'WEBHOOK', null, subjectOf(found), 'DISABLE', reason);
    return found;
  });
  if (!endpoint) return;
  const host = subjectOf(endpoint).name;
  const link = `${app.config.publicUrl}/profile?tab=webhooks`;
  for (const to of await membersRepo.adminEmails(app.db)) {
    await app.mailer
      .send({
        to,
        subject: `${app.config.productName}: webhook endpoint ${host} was switched off`,
        text: `${reason}\n\nEvents for ${host} wait until an admin enables the endpoint again:\n${link}\n`,
        link,
      })
      .catch((err: unknown) => app.log.error({ err }, 'could not email an admin'));
  }
}
