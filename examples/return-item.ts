// An integration in a few lines: a typed client generated from openapi.json
// (openapi-typescript + openapi-fetch), authenticated with a service token.
//
//   YARDKEEP_URL=https://yard.example.com YARDKEEP_TOKEN=yk_… npx tsx examples/return-item.ts
//
// It lists the items, then returns the first item still out on a job (condition "ok"),
// and prints what it did as JSON lines. With YARDKEEP_WEBHOOK_PORT and
// YARDKEEP_WEBHOOK_SECRET (an endpoint an admin registered for item.returned at
// http://<this host>:<port>/), it also receives the webhook the return causes and checks its
// signature. Make the token under Profile → Service tokens
// (role staff, scope read-write). See README, "Integrations".
import http from 'node:http';
import createClient from 'openapi-fetch';
import type { paths } from './yardkeep-api.d.ts';
import { verifySignature } from './webhook-signature.ts';

const baseUrl = process.env.YARDKEEP_URL ?? 'http://localhost:3000';
const token = process.env.YARDKEEP_TOKEN;
if (!token) throw new Error('Set YARDKEEP_TOKEN to a service token (yk_…).');

const yardkeep = createClient<paths>({
  baseUrl,
  headers: { Authorization: `Bearer ${token}` },
});

/** Every answer that is not a success stops the script with the API's own message. */
function check<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) {
    throw new Error(`${result.response.status}: ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

// 0. With a webhook endpoint to play: listen for the item.returned event before returning.
const webhookPort = Number(process.env.YARDKEEP_WEBHOOK_PORT ?? 0);
const webhookSecret = process.env.YARDKEEP_WEBHOOK_SECRET ?? '';
const returnedEvents: Array<{ verified: boolean; item: string | undefined }> = [];
let eventArrived: () => void = () => {};
const receiver = webhookPort
  ? http
      .createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const verified = verifySignature(webhookSecret, req.headers, body);
          const event = JSON.parse(body) as { type: string; data: { item?: { id: string } } };
          if (event.type === 'item.returned') {
            returnedEvents.push({ verified, item: event.data.item?.id });
            eventArrived();
          }
          res.writeHead(verified ? 204 : 401).end();
        });
      })
      .listen(webhookPort, '127.0.0.1')
  : null;

// 1. List the items (the first page of a search when there are many).
const list = check(await yardkeep.GET('/api/inventory/items', {}));
const items = Array.isArray(list) ? list : list.items;
console.log(JSON.stringify({ step: 'listed', count: items.length }));

// 2. Return the first item that is still out on a job.
const jobs = check(await yardkeep.GET('/api/inventory/out', {}));
const job = jobs[0];
if (!job) {
  console.log(JSON.stringify({ step: 'nothing out' }));
} else {
  const returns = check(
    await yardkeep.GET('/api/inventory/manifests/{id}/returns', {
      params: { path: { id: job.id } },
    }),
  );
  const item = returns.out[0];
  if (item) {
    const result = check(
      await yardkeep.POST('/api/inventory/manifests/{id}/returns', {
        params: { path: { id: job.id } },
        body: { item_id: item.id, condition: 'ok' },
      }),
    );
    console.log(
      JSON.stringify({
        step: 'returned',
        item: result.item.id,
        job: job.id,
        outcome: result.outcome,
      }),
    );
  }
}

// 3. The item.returned webhook this return causes, with its signature checked.
if (receiver) {
  if (returnedEvents.length === 0) {
    await new Promise<void>((resolve, reject) => {
      eventArrived = resolve;
      setTimeout(() => reject(new Error('no item.returned webhook within 20 s')), 20_000).unref();
    });
  }
  const event = returnedEvents[0]!;
  console.log(JSON.stringify({ step: 'webhook', type: 'item.returned', ...event }));
  receiver.close();
}
