import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { buildOutJob } from '../factories/round-trip.ts';
import { freePort } from '../helpers/server-process.ts';

const run = promisify(execFile);
// The example's webhook receiver listens on loopback, which webhooks may reach only so.
const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
const [admin] = t.signIn('admin');

/**
 * examples/return-item.ts, the integration example, run as its user would (tsx, a
 * service token, the typed client) against the app listening on a real port.
 */
describe('examples/return-item.ts', () => {
  it('lists the items, returns one with a service token, and verifies the webhook it causes', async () => {
    const { manifest, items } = await buildOutJob(t.app, [{ name: 'Out with the example' }]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const created = await t.request(admin, 'POST', '/api/service-tokens', {
      name: 'Example script',
      role: 'staff',
      scope: 'read-write',
    });
    expect(created.statusCode).toBe(201);
    const webhookPort = await freePort();
    const endpoint = await t.request(admin, 'POST', '/api/webhooks', {
      url: `http://127.0.0.1:${webhookPort}/`,
      events: ['item.returned'],
    });
    expect(endpoint.statusCode).toBe(201);

    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'examples/return-item.ts'], {
      env: {
        ...process.env,
        YARDKEEP_URL: `http://127.0.0.1:${port}`,
        YARDKEEP_TOKEN: created.json().token,
        YARDKEEP_WEBHOOK_PORT: String(webhookPort),
        YARDKEEP_WEBHOOK_SECRET: endpoint.json().secret,
      },
      timeout: 30_000,
    });
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ step: 'listed' });
    expect(lines[0]!.count).toBeGreaterThanOrEqual(1);
    expect(lines[1]).toEqual({
      step: 'returned',
      item: items[0]!.id,
      job: manifest.id,
      outcome: 'returned',
    });
    expect(lines[2]).toEqual({
      step: 'webhook',
      type: 'item.returned',
      verified: true,
      item: items[0]!.id,
    });
    // The return is the service token's, in the feed under its name.
    const feed = (await t.request(admin, 'GET', '/api/activity/1')).json() as {
      action: string;
      email: string;
    }[];
    expect(feed.find((e) => e.action === 'RETURN')?.email).toBe('Example script (service token)');
  }, 60_000);
});
