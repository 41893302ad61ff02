/**
 * The event types a webhook endpoint can subscribe to (docs/decisions.md, "Integrations:
 * webhooks"). The one list: the API's schema, the admin form and the server's mapping from
 * feed entries to events read it, so a later feature (reservations, stock-takes) adds its
 * types here and everything else follows.
 */
export const WEBHOOK_EVENT_TYPES = [
  'item.created',
  'item.updated',
  'item.deleted',
  'label.attached',
  'label.moved',
  'item.scanned',
  'job.dispatched',
  'item.returned',
  'item.damaged',
  'item.missing',
  'item.found',
  'job.closed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Subscribes to every type, including those added later. */
export const ALL_WEBHOOK_EVENTS = '*';
export type WebhookSubscription = WebhookEventType | typeof ALL_WEBHOOK_EVENTS;

export function subscribes(events: readonly string[], type: WebhookEventType): boolean {
  return events.includes(ALL_WEBHOOK_EVENTS) || events.includes(type);
}
