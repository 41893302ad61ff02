import { z } from 'zod';
import { ALL_WEBHOOK_EVENTS, WEBHOOK_EVENT_TYPES } from '../webhook-events.ts';
import { idSchema, timestampSchema } from './common.ts';

/**
 * Standard Webhooks secrets: `whsec_` and the base64 of 24 to 64 random bytes
 * (docs/decisions.md, "Integrations: webhooks").
 */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/;

const subscription = z.enum([...WEBHOOK_EVENT_TYPES, ALL_WEBHOOK_EVENTS]);

/** http(s) only, no user name or password in it; where it points is checked by the server. */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2000, 'URL is too long')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'URL must be an http:// or https:// address')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.username === '' && url.password === '';
    } catch {
      return true;
    }
  }, 'URL cannot contain a user name or password');

const eventsSchema = z
  .array(subscription)
  .min(1, 'Choose at least one event type')
  .max(WEBHOOK_EVENT_TYPES.length + 1)
  .transform((events) => [...new Set(events)]);

export const webhookSecretSchema = z
  .string()
  .regex(WEBHOOK_SECRET_PATTERN, 'Secret must be whsec_ followed by base64 of 24 to 64 bytes');

export const createWebhookBody = z.strictObject({
  url: webhookUrlSchema,
  events: eventsSchema,
  /** Generated when not given; either way answered once, on creation. */
  secret: webhookSecretSchema.optional(),
});

export const updateWebhookBody = z.strictObject({
  url: webhookUrlSchema.optional(),
  events: eventsSchema.optional(),
  /** true re-enables an endpoint that was disabled after failing (or by hand). */
  enabled: z.boolean().optional(),
  secret: webhookSecretSchema.optional(),
});

export const webhookSchema = z.object({
  id: idSchema,
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Why it was disabled: "Failed for 24 hours: HTTP 500", or null. */
  disabled_reason: z.string().nullable(),
  /** Since when its deliveries have been failing, or null while they succeed. */
  failing_since: timestampSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The creation's answer: the only time the secret is shown. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: idSchema,
  /** The `webhook-id` header: the same on every attempt and resend. */
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's HTTP status on the last attempt; null when none came back. */
  response_status: z.number().int().nullable(),
  /** Why the last attempt failed, in words, or null. */
  error: z.string().nullable(),
  last_attempt_at: timestampSchema.nullable(),
  next_attempt_at: timestampSchema.nullable(),
  delivered_at: timestampSchema.nullable(),
  created_at: timestampSchema,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const deliveryParams = z.strictObject({ id: idSchema, delivery_id: idSchema });

export const DELIVERIES_LISTED = 100;
