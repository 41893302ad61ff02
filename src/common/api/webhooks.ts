import { z } from 'zod';
import { endpoint } from './contract.ts';
import { idParams, okSchema } from '../schemas/common.ts';
import {
  createWebhookBody,
  createdWebhookSchema,
  deliveryParams,
  updateWebhookBody,
  webhookDeliverySchema,
  webhookSchema,
} from '../schemas/webhook.ts';

export const webhooksApi = {
  list: endpoint({
    method: 'GET',
    path: '/webhooks',
    tag: 'webhooks',
    summary: 'Webhook endpoints (admin)',
    access: 'webhooks:manage',
    response: z.array(webhookSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/webhooks',
    tag: 'webhooks',
    summary:
      'Register a webhook endpoint; the secret (generated when not given) is answered only this once',
    access: 'webhooks:manage',
    body: createWebhookBody,
    response: createdWebhookSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/webhooks/:id',
    tag: 'webhooks',
    summary: 'Change the URL, event types or secret of an endpoint, or enable/disable it',
    access: 'webhooks:manage',
    params: idParams,
    body: updateWebhookBody,
    response: webhookSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/webhooks/:id',
    tag: 'webhooks',
    summary: 'Delete an endpoint and its delivery log; nothing more is sent to it',
    access: 'webhooks:manage',
    params: idParams,
    response: okSchema,
  }),
  deliveries: endpoint({
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    tag: 'webhooks',
    summary: "An endpoint's delivery log, newest first (the last 100)",
    access: 'webhooks:manage',
    params: idParams,
    response: z.array(webhookDeliverySchema),
  }),
  resend: endpoint({
    method: 'POST',
    path: '/webhooks/:id/deliveries/:delivery_id/resend',
    tag: 'webhooks',
    summary: 'Send a delivery again, with the same event id, as soon as the endpoint is free',
    access: 'webhooks:manage',
    params: deliveryParams,
    response: webhookDeliverySchema,
  }),
};
