// An integration in a few lines: a typed client generated from openapi.json
// (openapi-typescript + openapi-fetch), authenticated with a service token.
//
//   YARDKEEP_URL=https://yard.example.com YARDKEEP_TOKEN=yk_… npx tsx examples/return-item.ts
//
// It lists the items, then returns the first item still out on a job (condition "ok"),
// and prints what it did as JSON lines. Make the token under Profile → Service tokens
// (role staff, scope read-write). See README, "Integrations".
import createClient from 'openapi-fetch';
import type { paths } from './yardkeep-api.d.ts';

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

// 3. Webhooks: receiving the `item.returned` event this return causes, and verifying its
//    signature, goes here (issue 24 §2, added with the webhooks).
