import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { anonymous, createTestApp, injectAs, loginAs } from '../../../../test/helpers/app.ts';

// In a file of its own: its 5,000-label PDF leaves megabytes of garbage in the test process,
// and a major collection of it inside pdf-workers.test.ts's measuring window counted as the
// event loop held there (168 ms once on a loaded machine).
describe('a request waiting for its PDF', () => {
  it(
    'refuses an anonymous caller, and is not cut by the idle timeout while the PDF is drawn',
    { timeout: 120_000 },
    async () => {
      // An idle timeout far shorter than starting a PDF thread and drawing 5,000 labels takes
      // anywhere: the connection sends nothing meanwhile, and used to be closed mid-wait. Not
      // shorter still: at 100 ms a loaded CI machine once let the timeout fire between the
      // client's connect and its request (ECONNRESET before the server saw the request).
      const t = await createTestApp({}, { timeouts: { idleMs: 1_000 } });
      try {
        const payload = { preset: 'avery-l7160', count: 5_000 };
        const denied = await injectAs(t.app, anonymous, {
          method: 'POST',
          url: '/api/inventory/labels/print',
          payload,
        });
        expect(denied.statusCode).toBe(401);
        const client = await loginAs(t.app, 'client');
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = t.app.server.address() as AddressInfo;
        // One request on a fresh connection, as a browser's print button sends it.
        const res = await fetch(`http://127.0.0.1:${port}/api/inventory/labels/print`, {
          method: 'POST',
          headers: { ...client.headers, 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        });
        expect(res.status).toBe(200);
        const pdf = Buffer.from(await res.arrayBuffer());
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      } finally {
        await t.close();
      }
    },
  );
});
