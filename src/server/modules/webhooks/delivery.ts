import type { FastifyInstance } from 'fastify';
import { subscribes, type WebhookEventType } from '../../../common/webhook-events.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { schedulePeriodic, LEASE_MS } from '../../lib/leases/periodic.ts';
import { postOutbound } from '../../lib/outbound-post.ts';
import { onOutboxWrite } from './outbox.repo.ts';
import { webhookHeaders } from './signing.ts';
import { deliveriesRepo, type DeliveryRow } from './webhooks.repo.ts';
import { disableFailingEndpoint } from './webhooks.service.ts';
import { endpointsRepo } from './webhooks.repo.ts';

/**
 * How the worker delivers (docs/decisions.md, "Integrations: webhooks"). Tests pass their
 * own through buildApp's `webhooks` option: the real retry schedule spans a day, which no
 * test can wait for, so a test of "fails three times, then arrives" uses milliseconds.
 */
export interface WebhookSettings {
  /** The wait before each retry; the first attempt is at once. When they run out, it failed. */
  retryDelaysMs: number[];
  timeoutMs: number;
  maxResponseBytes: number;
  /** How often each instance looks for work besides being nudged by new events. */
  checkEveryMs: number;
  leaseMs: number;
  /** False: nothing is sent from this app (a test whose snapshots must stay still). */
  deliver: boolean;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  // Exponential-ish, 11 attempts over about 23.7 hours; then the endpoint is disabled.
  retryDelaysMs: [
    5 * SECOND,
    30 * SECOND,
    2 * MINUTE,
    10 * MINUTE,
    30 * MINUTE,
    HOUR,
    2 * HOUR,
    4 * HOUR,
    8 * HOUR,
    8 * HOUR,
  ],
  timeoutMs: 10 * SECOND,
  maxResponseBytes: 64 * 1024,
  checkEveryMs: SECOND,
  leaseMs: LEASE_MS,
  deliver: true,
};

/** Finished deliveries are kept this long in the log. */
const LOG_KEPT_MS = 30 * 24 * HOUR;
/** Deliveries one endpoint gets per pass, so new events are fanned out in between. */
const PER_PASS = 100;

/**
 * Fans new events out to the endpoints that want them, then sends each endpoint's queue
 * in order: one request at a time per endpoint, endpoints side by side. A failed head
 * waits for its retry and holds the rest of its queue back.
 */
export async function deliverPending(
  app: FastifyInstance,
  settings: WebhookSettings,
  signal: AbortSignal,
): Promise<void> {
  while (!signal.aborted) {
    await fanOut(app);
    const endpoints = await deliveriesRepo.endpointsWithDueWork(app.db, nowIso());
    if (endpoints.length === 0) return;
    const sent = await Promise.all(endpoints.map((id) => drain(app, settings, id, signal)));
    if (sent.every((n) => n === 0)) return;
  }
}

/**
 * New events become deliveries to the endpoints that want them (also used by test
 * factories). A disabled endpoint gets its deliveries too: they wait, in order, until an
 * admin enables it again, so nothing committed meanwhile is lost (the log's clean-up
 * drops what waited over 30 days).
 */
export async function fanOut(app: FastifyInstance): Promise<void> {
  for (;;) {
    const events = await deliveriesRepo.unfannedEvents(app.db);
    if (events.length === 0) return;
    const endpoints = (await deliveriesRepo.endpoints(app.db)).map((e) => ({
      id: e.id,
      events: JSON.parse(e.events) as string[],
    }));
    const now = nowIso();
    const deliveries: DeliveryRow[] = events.flatMap((event) =>
      endpoints
        .filter((e) => subscribes(e.events, event.type as WebhookEventType))
        .map((e) => ({
          id: newId(),
          endpoint_id: e.id,
          event_id: event.id,
          event_seq: event.seq,
          event_type: event.type,
          status: 'pending' as const,
          attempts: 0,
          next_attempt_at: now,
          last_attempt_at: null,
          response_status: null,
          error: null,
          delivered_at: null,
          created_at: now,
        })),
    );
    await deliveriesRepo.fanOut(
      app.db,
      deliveries,
      events.map((e) => e.seq),
    );
  }
}

/** Sends an endpoint's due queue in order; how many attempts it made. */
async function drain(
  app: FastifyInstance,
  settings: WebhookSettings,
  endpointId: string,
  signal: AbortSignal,
): Promise<number> {
  let attempts = 0;
  while (attempts < PER_PASS && !signal.aborted) {
    const head = await deliveriesRepo.head(app.db, endpointId);
    if (!head || head.enabled !== 1 || (head.next_attempt_at ?? '') > nowIso()) break;
    attempts++;
    if (!(await attempt(app, settings, endpointId, head, signal))) break;
  }
  return attempts;
}

type Head = NonNullable<Awaited<ReturnType<typeof deliveriesRepo.head>>>;

/** One attempt, recorded; true when it was delivered. */
async function attempt(
  app: FastifyInstance,
  settings: WebhookSettings,
  endpointId: string,
  head: Head,
  signal: AbortSignal,
): Promise<boolean> {
  const at = new Date();
  const result = await postOutbound(
    head.url,
    webhookHeaders(head.secret, head.event_id, head.payload, at),
    head.payload,
    {
      allowPrivate: app.config.webhookAllowPrivate,
      timeoutMs: settings.timeoutMs,
      maxResponseBytes: settings.maxResponseBytes,
      signal,
    },
  );
  // Cut off by closing: not the receiver's fault, and not an attempt. It stays pending.
  if (!result.ok && signal.aborted) return false;
  const attempts = head.attempts + 1;
  const done = new Date();
  if (result.ok) {
    await deliveriesRepo.recordAttempt(app.db, head.id, {
      status: 'delivered',
      attempts,
      next_attempt_at: null,
      last_attempt_at: at.toISOString(),
      response_status: result.status,
      error: null,
      delivered_at: done.toISOString(),
    });
    if (head.failing_since !== null) await endpointsRepo.markHealthy(app.db, endpointId);
    return true;
  }
  const delay = settings.retryDelaysMs[attempts - 1];
  const failure = {
    attempts,
    last_attempt_at: at.toISOString(),
    response_status: result.status,
    error: result.error,
    delivered_at: null,
  };
  if (delay === undefined) {
    // Out of retries: failed, and the endpoint switched off, in one transaction.
    await disableFailingEndpoint(app, endpointId, head.id, failure);
    return false;
  }
  await deliveriesRepo.recordAttempt(app.db, head.id, {
    ...failure,
    status: 'pending',
    next_attempt_at: new Date(done.getTime() + delay).toISOString(),
  });
  if (head.failing_since === null) {
    await endpointsRepo.markFailing(app.db, endpointId, at.toISOString());
  }
  return false;
}

/**
 * The delivery worker, run once across instances, and the daily clean-up of the log.
 * Tests reach the worker through app.periodicWork.get('webhook-delivery').
 */
export function scheduleWebhookDelivery(
  app: FastifyInstance,
  overrides: Partial<WebhookSettings> = {},
): void {
  const settings = { ...DEFAULT_WEBHOOK_SETTINGS, ...overrides };
  schedulePeriodic(
    app,
    {
      name: 'webhook-log-prune',
      everyMs: 24 * HOUR,
      checkEveryMs: HOUR,
      run: () => deliveriesRepo.prune(app.db, new Date(Date.now() - LOG_KEPT_MS).toISOString()),
    },
    settings.leaseMs,
  );
  if (!settings.deliver) return;
  const worker = schedulePeriodic(
    app,
    {
      name: 'webhook-delivery',
      everyMs: 0,
      checkEveryMs: settings.checkEveryMs,
      hasWork: () => deliveriesRepo.hasWork(app.db, nowIso()),
      run: (signal) => deliverPending(app, settings, signal),
    },
    settings.leaseMs,
  );
  let stopListening = () => {};
  app.addHook('onReady', async () => {
    stopListening = onOutboxWrite(() => worker.nudge());
  });
  app.addHook('preClose', async () => {
    stopListening();
  });
}
