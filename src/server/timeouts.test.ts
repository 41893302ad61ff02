import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app.ts';
import { SERVER_TIMEOUTS } from './app.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp(
    {},
    { timeouts: { requestMs: 1500, headersMs: 1000, checkEveryMs: 250 } },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Opens a socket, sends `head`, then one more byte every 200 ms until the server hangs up. */
function trickle(head: string): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => socket.write('a'), 200);
    });
    socket.on('data', (d) => (answer += d.toString()));
    const done = () => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - started, answer });
    };
    socket.on('close', done);
    socket.on('error', () => {});
    // The test's own safety net: a server that never hangs up fails here.
    setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error('the server kept a trickling connection open for 15 s'));
    }, 15_000).unref();
  });
}

describe('slow clients', () => {
  it('cuts a connection that sends its headers and then trickles the body', async () => {
    const head =
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      'Content-Length: 1000\r\n\r\n';
    const results = await Promise.all(Array.from({ length: 20 }, () => trickle(head)));
    for (const r of results) {
      expect(r.answer === '' || r.answer.startsWith('HTTP/1.1 408')).toBe(true);
    }
  });

  it('cuts a connection that trickles its headers', async () => {
    const result = await trickle('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    expect(result.answer === '' || result.answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('has production limits that are set and generous enough for a 20 MiB phone upload', () => {
    expect(SERVER_TIMEOUTS.requestMs).toBeGreaterThan(0);
    expect(SERVER_TIMEOUTS.headersMs).toBeGreaterThan(0);
    expect(SERVER_TIMEOUTS.headersMs).toBeLessThan(SERVER_TIMEOUTS.requestMs);
    // 20 MiB at 2 Mbit/s: ~84 s.
    expect(SERVER_TIMEOUTS.requestMs).toBeGreaterThanOrEqual(90_000);
  });
});
