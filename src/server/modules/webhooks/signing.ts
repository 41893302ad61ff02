import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

/**
 * The `webhook-signature` header of the Standard Webhooks specification: `v1,` and the
 * base64 HMAC-SHA256, keyed with the secret's decoded bytes, of `id.timestamp.body`.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The headers of one attempt; `at` is the attempt's time, not the event's. */
export function webhookHeaders(
  secret: string,
  eventId: string,
  body: string,
  at: Date,
): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'Yardkeep-Webhooks/1',
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, eventId, timestamp, body),
    // For receivers that deduplicate by the common header rather than webhook-id.
    'idempotency-key': eventId,
  };
}
