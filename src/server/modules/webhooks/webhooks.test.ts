import os from 'node:os';
import dns from 'node:dns/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, useTestApp } from '../../../../test/helpers/app.ts';
import { useTestSmtp } from '../../../../test/helpers/smtp.ts';
import {
  startWebhookReceiver,
  type ReceivedWebhook,
  type WebhookReceiver,
} from '../../../../test/helpers/webhook-receiver.ts';
import { generateLabelCode } from '../../lib/label-codes.ts';
import { isPublicAddress } from '../../lib/public-address.ts';
import { itemActivity } from '../activity/activity.repo.ts';

/**
 * The checks a receiver makes, written from the Standard Webhooks specification with Web
 * Crypto, apart from the server's node:crypto signing: the secret's base64 after `whsec_`
 * keys an HMAC-SHA256 of `id.timestamp.body`, sent as `v1,<base64>`.
 */
async function verifiesAsStandardWebhook(secret: string, request: ReceivedWebhook) {
  const id = String(request.headers['webhook-id']);
  const timestamp = String(request.headers['webhook-timestamp']);
  const keyBytes = Uint8Array.from(atob(secret.replace(/^whsec_/, '')), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey(
    'raw',
    keyBytes,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign(
    'HMAC',
    key,
    new TextEncoder().encode(`${id}.${timestamp}.${request.body}`),
  );
  const expected = btoa(String.fromCharCode(...new Uint8Array(mac)));
  const offered = String(request.headers['webhook-signature'])
    .split(' ')
    .map((s) => s.split(','));
  return offered.some(([version, signature]) => version === 'v1' && signature === expected);
}

describe('webhook endpoints, as the default configuration refuses private targets', () => {
  const t = useTestApp({}, { webhooks: { deliver: false } });
  const [staff, client, admin] = t.signIn('staff', 'client', 'admin');
  const body = { url: 'https://hooks.example.com/in', events: ['item.created'] };

  it('refuses anonymous callers with 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks'],
    ] as const) {
      const res = await t.request({ member: null, headers: {} }, method, url, body);
      expect(res.statusCode, url).toBe(401);
    }
    expect(await t.count('webhook_endpoints')).toBe(0);
  });

  it('refuses staff and client users with 403', async () => {
    for (const session of [staff, client]) {
      expect((await t.request(session, 'GET', '/api/webhooks')).statusCode).toBe(403);
      expect((await t.request(session, 'POST', '/api/webhooks', body)).statusCode).toBe(403);
    }
    expect(await t.count('webhook_endpoints')).toBe(0);
  });

  it('refuses a URL that is not http(s), holds credentials, or no event types, with 400', async () => {
    for (const bad of [
      { ...body, url: 'ftp://hooks.example.com/in' },
      { ...body, url: 'not a url' },
      { ...body, url: 'https://user:pass@hooks.example.com/in' },
      { ...body, events: [] },
      { ...body, events: ['item.exploded'] },
      { ...body, secret: 'not-a-secret' },
      { ...body, secret: 'whsec_c2hvcnQ=' },
    ]) {
      const res = await t.request(admin, 'POST', '/api/webhooks', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorOf(res).code).toBe('invalid_input');
    }
    expect(await t.count('webhook_endpoints')).toBe(0);
  });

  it('refuses loopback, private and link-local targets unless WEBHOOK_ALLOW_PRIVATE=true', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hooks',
      'http://localhost/hooks',
      'http://api.localhost/hooks',
      'http://10.1.2.3/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hooks',
      'http://[::ffff:127.0.0.1]/hooks',
      'http://2130706433/hooks', // 127.0.0.1 as one number
      'http://0x7f.1/hooks',
    ]) {
      const res = await t.request(admin, 'POST', '/api/webhooks', { ...body, url });
      expect(res.statusCode, url).toBe(400);
      expect(errorOf(res).code, url).toBe('url_refused');
    }
    expect(await t.count('webhook_endpoints')).toBe(0);
  });

  it('answers a generated Standard Webhooks secret once, and never again', async () => {
    const res = await t.request(admin, 'POST', '/api/webhooks', body);
    expect(res.statusCode).toBe(201);
    const created = res.json() as { id: string; secret: string; events: string[] };
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    expect(created.events).toEqual(['item.created']);
    const listed = (await t.request(admin, 'GET', '/api/webhooks')).json() as object[];
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const updated = await t.request(admin, 'PUT', `/api/webhooks/${created.id}`, {
      events: ['*'],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).not.toHaveProperty('secret');
    expect(updated.json()).toMatchObject({ events: ['*'], enabled: true });
  });

  it('keeps a secret it is given, and refuses a private URL on update too', async () => {
    const secret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
    const res = await t.request(admin, 'POST', '/api/webhooks', { ...body, secret });
    expect(res.json()).toMatchObject({ secret });
    const id = (res.json() as { id: string }).id;
    const refused = await t.request(admin, 'PUT', `/api/webhooks/${id}`, {
      url: 'http://192.168.1.10/hooks',
    });
    expect(refused.statusCode).toBe(400);
    expect((await t.row('webhook_endpoints', id)).url).toBe(body.url);
  });

  it('answers 404 for an endpoint or a delivery that does not exist', async () => {
    expect(
      (await t.request(admin, 'PUT', '/api/webhooks/nope', { events: ['*'] })).statusCode,
    ).toBe(404);
    expect((await t.request(admin, 'DELETE', '/api/webhooks/nope')).statusCode).toBe(404);
    expect((await t.request(admin, 'GET', '/api/webhooks/nope/deliveries')).statusCode).toBe(404);
    const endpoint = await t.build.webhook();
    const res = await t.request(
      admin,
      'POST',
      `/api/webhooks/${endpoint.id}/deliveries/nope/resend`,
    );
    expect(res.statusCode).toBe(404);
  });

  it('writes the endpoint changes to the feed by host, never the whole URL', async () => {
    await t.request(admin, 'POST', '/api/webhooks', {
      ...body,
      url: 'https://chat.example.com/services/T000/B000/s3cr3tt0k3n',
    });
    const feed = await t.app.db
      .selectFrom('activity')
      .selectAll()
      .where('type', '=', 'WEBHOOK')
      .execute();
    expect(feed.map((e) => e.ref_name)).toContain('chat.example.com');
    expect(JSON.stringify(feed)).not.toContain('s3cr3tt0k3n');
  });
});

describe('the default configuration at delivery time', () => {
  const t = useTestApp({}, { webhooks: { checkEveryMs: 20, retryDelaysMs: [60_000] } });
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => receiver.close());

  it('does not connect to a host name that resolves to a loopback address', async () => {
    // This machine's own name: resolved (by /etc/hosts) to a loopback or private address.
    const name = os.hostname();
    const { address } = await dns.lookup(name);
    expect(isPublicAddress(address)).toBe(false);
    // Registered as it would be before the name pointed here (DNS can change later).
    const endpoint = await t.build.webhook({ url: `http://${name}:${receiver.port}/hooks` });
    const item = await t.build.item();
    await waitForDelivery(t.app, endpoint.id, (d) => d.attempts > 0);
    const [delivery] = await deliveriesOf(t.app, endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', response_status: null });
    expect(delivery!.error).toMatch(/private, loopback or link-local address; refused/);
    expect(receiver.received).toEqual([]);
    expect(item.id).toBeTruthy();
  });
});

describe('delivery to a receiver on loopback (WEBHOOK_ALLOW_PRIVATE=true)', () => {
  const smtp = useTestSmtp();
  const t = useTestApp(() => ({ WEBHOOK_ALLOW_PRIVATE: 'true', SMTP_URL: smtp.url }), {
    // Milliseconds instead of a day: the schedule's shape is what is tested, not its span.
    webhooks: { checkEveryMs: 20, retryDelaysMs: [30, 30, 30], timeoutMs: 2000 },
  });
  const [admin] = t.signIn('admin');
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => receiver.close());
  afterEach(async () => {
    await t.app.db.deleteFrom('webhook_deliveries').execute();
    await t.app.db.deleteFrom('webhook_endpoints').execute();
    receiver.received.length = 0;
    receiver.answers = [];
    receiver.otherwise = 200;
  });

  const register = async (events: string[] = ['*'], url = receiver.url) => {
    const res = await t.request(admin, 'POST', '/api/webhooks', { url, events });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; secret: string };
  };

  it('sends a signed item.created that an independent Standard Webhooks check verifies', async () => {
    const endpoint = await register(['item.created']);
    const res = await t.request(admin, 'POST', '/api/inventory/items', { name: 'Crate 12' });
    expect(res.statusCode).toBe(201);
    const item = res.json() as { id: string };
    await receiver.waitUntil((r) => r.length === 1);
    const [request] = receiver.received;
    expect(request!.event).toMatchObject({
      type: 'item.created',
      data: { item: { id: item.id, name: 'Crate 12' }, actor: { email: admin.member!.email } },
    });
    expect(request!.headers['webhook-id']).toMatch(/^msg_/);
    expect(request!.headers['idempotency-key']).toBe(request!.headers['webhook-id']);
    expect(request!.headers['content-type']).toBe('application/json');
    const sentAt = Number(request!.headers['webhook-timestamp']);
    expect(Math.abs(sentAt - Date.now() / 1000)).toBeLessThan(60);
    expect(await verifiesAsStandardWebhook(endpoint.secret, request!)).toBe(true);
    // And a signature made with another secret does not verify.
    const other = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    expect(await verifiesAsStandardWebhook(other, request!)).toBe(false);
    await waitForDelivery(t.app, endpoint.id, (d) => d.status === 'delivered');
    const log = (await t.request(admin, 'GET', `/api/webhooks/${endpoint.id}/deliveries`)).json();
    expect(log).toMatchObject([
      { event_type: 'item.created', status: 'delivered', attempts: 1, response_status: 200 },
    ]);
  });

  it('sends only the event types an endpoint subscribed to', async () => {
    await register(['item.deleted']);
    const item = await t.build.item();
    await t.request(admin, 'PUT', `/api/inventory/items/${item.id}`, { name: 'Renamed' });
    await t.request(admin, 'DELETE', `/api/inventory/items/${item.id}`);
    await receiver.waitUntil((r) => r.length >= 1);
    await settle(t.app);
    expect(receiver.received.map((r) => r.event.type)).toEqual(['item.deleted']);
  });

  it('sends nothing for a change that rolled back', async () => {
    await register(['*']);
    const item = await t.build.item({ name: 'Committed before' });
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await itemActivity(trx, null, { id: item.id, name: 'Rolled back' }, 'UPDATE');
        throw new Error('the change fails after its feed entry was written');
      }),
    ).rejects.toThrow('the change fails');
    const after = await t.build.item({ name: 'Committed after' });
    await receiver.waitUntil((r) => r.some((w) => JSON.stringify(w.event).includes(after.id)));
    await settle(t.app);
    expect(receiver.received.map((r) => r.body).join('\n')).not.toContain('Rolled back');
    expect(
      await t.app.db
        .selectFrom('webhook_events')
        .select('id')
        .where('payload', 'like', '%Rolled back%')
        .execute(),
    ).toEqual([]);
  });

  it('delivers on the fourth try to a receiver that answers 500 three times, with one id', async () => {
    const endpoint = await register(['item.created']);
    receiver.answers = [500, 500, 500];
    await t.build.item();
    await receiver.waitUntil((r) => r.length === 4);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual(
      Array(4).fill(receiver.received[0]!.headers['webhook-id']),
    );
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    const delivery = await waitForDelivery(t.app, endpoint.id, (d) => d.status === 'delivered');
    expect(delivery).toMatchObject({ attempts: 4, response_status: 200, error: null });
    expect((await t.row('webhook_endpoints', endpoint.id)).failing_since).toBeNull();
  });

  it('keeps each endpoint in order: a failing head holds back the events behind it', async () => {
    await register(['item.created']);
    receiver.answers = [500, 500];
    const names = ['First', 'Second', 'Third', 'Fourth', 'Fifth'];
    for (const name of names) await t.build.item({ name });
    await receiver.waitUntil((r) => new Set(r.map((w) => w.headers['webhook-id'])).size === 5);
    await settle(t.app);
    const firstArrivals = receiver
      .ids()
      .map((id) => receiver.received.find((r) => r.headers['webhook-id'] === id)!.event);
    expect(firstArrivals.map((e) => (e.data.item as { name: string }).name)).toEqual(names);
    // The first was tried three times before the others went at all.
    expect(receiver.received.slice(0, 3).map((r) => r.headers['webhook-id'])).toEqual(
      Array(3).fill(receiver.ids()[0]),
    );
  });

  it('turns off an endpoint whose delivery fails through the whole schedule, and tells admins', async () => {
    const endpoint = await register(['item.created']);
    receiver.otherwise = 503;
    await t.build.item({ name: 'Never arrives' });
    await waitForDelivery(t.app, endpoint.id, (d) => d.status === 'failed');
    expect(receiver.received).toHaveLength(4); // the first attempt and three retries
    const row = await t.row('webhook_endpoints', endpoint.id);
    expect(row.enabled).toBe(0);
    expect(row.disabled_reason).toMatch(/failed 4 times: HTTP 503/);
    const feed = await t.app.db
      .selectFrom('activity')
      .selectAll()
      .where('type', '=', 'WEBHOOK')
      .where('action', '=', 'DISABLE')
      .execute();
    expect(feed).toHaveLength(1);
    expect(feed[0]!.ref_name).toBe(`127.0.0.1:${receiver.port}`);
    const mail = await smtp.waitFor(admin.member!.email);
    expect(mail.raw).toContain(`webhook endpoint 127.0.0.1:${receiver.port} was switched off`);

    // Events wait while it is off; enabled again, they go out and resend works.
    receiver.otherwise = 200;
    const later = await t.build.item({ name: 'While off' });
    await settle(t.app);
    expect(receiver.received.some((r) => r.body.includes(later.id))).toBe(false);
    expect(await deliveriesOf(t.app, endpoint.id)).toMatchObject([
      { status: 'failed' },
      { status: 'pending', attempts: 0 },
    ]);
    const failed = (await deliveriesOf(t.app, endpoint.id)).find((d) => d.status === 'failed')!;
    const refused = await t.request(
      admin,
      'POST',
      `/api/webhooks/${endpoint.id}/deliveries/${failed.id}/resend`,
    );
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('webhook_disabled');
    const enabled = await t.request(admin, 'PUT', `/api/webhooks/${endpoint.id}`, {
      enabled: true,
    });
    expect(enabled.json()).toMatchObject({ enabled: true, disabled_reason: null });
    await receiver.waitUntil((r) => r.some((w) => w.body.includes(later.id)));
    const resent = await t.request(
      admin,
      'POST',
      `/api/webhooks/${endpoint.id}/deliveries/${failed.id}/resend`,
    );
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ status: 'pending', attempts: 0 });
    await waitForDelivery(
      t.app,
      endpoint.id,
      (d) => d.id === failed.id && d.status === 'delivered',
    );
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(failed.event_id);
  });

  it('follows no redirect, and records the answer', async () => {
    const endpoint = await register(['item.created']);
    receiver.answers = [302];
    await t.build.item();
    const delivery = await waitForDelivery(t.app, endpoint.id, (d) => d.attempts >= 1);
    expect(delivery.response_status).toBe(302);
    expect(delivery.error).toMatch(/Redirect to \/elsewhere not followed/);
    expect(receiver.received.every((r) => r.path === '/hooks')).toBe(true);
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const endpoint = await register(['item.created']);
    receiver.answers = ['hang'];
    await t.build.item();
    const delivery = await waitForDelivery(t.app, endpoint.id, (d) => d.attempts >= 1);
    expect(delivery.error).toBe('No answer within 2000 ms');
    await waitForDelivery(t.app, endpoint.id, (d) => d.status === 'delivered');
  });

  it('sends an item.created per row of a CSV import (one feed entry for the file)', async () => {
    await register(['item.created']);
    const res = await t.importCsv(admin, 'name\nImported crate A\nImported crate B\n');
    expect(res.statusCode, res.body).toBe(200);
    await receiver.waitUntil((r) => r.length === 2);
    await settle(t.app);
    expect(receiver.received.map((r) => (r.event.data.item as { name: string }).name)).toEqual([
      'Imported crate A',
      'Imported crate B',
    ]);
  });

  it('maps the round trip and labels to their event types', async () => {
    await register(['*']);
    const item = await t.build.item({ name: 'Tracked' });
    const code = generateLabelCode();
    const attached = await t.request(admin, 'POST', '/api/inventory/labels', {
      item_id: item.id,
      id: code,
    });
    expect(attached.statusCode, attached.body).toBeLessThan(300);
    const scanned = await t.request(admin, 'POST', `/api/inventory/scan/${code}`);
    expect(scanned.statusCode, scanned.body).toBe(200);
    await receiver.waitUntil((r) => r.some((w) => w.event.type === 'item.scanned'));
    const types = receiver.received.map((w) => w.event.type);
    expect(types).toEqual(['item.created', 'label.attached', 'item.scanned']);
    const event = receiver.received.find((w) => w.event.type === 'label.attached')!.event;
    expect(event.data).toMatchObject({ label: { code }, item: { id: item.id, name: 'Tracked' } });
  });
});

type Delivery = Awaited<ReturnType<typeof deliveriesOf>>[number];

async function deliveriesOf(app: import('fastify').FastifyInstance, endpointId: string) {
  return app.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('event_seq')
    .execute();
}

/** Polls the log until one of the endpoint's deliveries matches; that delivery. */
async function waitForDelivery(
  app: import('fastify').FastifyInstance,
  endpointId: string,
  check: (d: Delivery) => boolean,
  timeoutMs = 10_000,
): Promise<Delivery> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await deliveriesOf(app, endpointId)).find(check);
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(
        `no matching delivery: ${JSON.stringify(await deliveriesOf(app, endpointId))}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Lets the worker finish what is due now: everything fanned out and sent or waiting. */
async function settle(app: import('fastify').FastifyInstance): Promise<void> {
  const worker = app.periodicWork.get('webhook-delivery')!;
  for (let i = 0; i < 5; i++) {
    await worker.runNow();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
