import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../common/api/contract.ts';
import { createTestAppWithRoutes } from '../../../test/helpers/app.ts';
import { route } from '../http/route.ts';

/** A route that answers when the test says so, keeping its connection busy meanwhile. */
const held = endpoint({
  method: 'GET',
  path: '/test/held',
  summary: 'A test route',
  tag: 'test',
  access: 'public',
  response: z.object({ ok: z.literal(true) }),
});

describe('closing', () => {
  it('answers a request that arrives while the app closes with 503 restarting, in our shape', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const t = await createTestAppWithRoutes((api) =>
      route(api, held, async () => {
        entered();
        await released;
        return { ok: true as const };
      }),
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = net.connect((t.app.server.address() as AddressInfo).port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const socketClosed = new Promise((resolve) => socket.on('close', resolve));
    try {
      socket.write('GET /api/test/held HTTP/1.1\r\nHost: test\r\n\r\n');
      await inHandler;
      const closed = t.app.close();
      // The second request waits behind the first on the same (busy) connection.
      socket.write('GET /api/health HTTP/1.1\r\nHost: test\r\n\r\n');
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await socketClosed;
      await closed;
    } finally {
      socket.destroy();
      await t.close();
    }
    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(second!.slice(second!.indexOf('\r\n\r\n') + 4)).toBe(
      JSON.stringify({
        error: { code: 'restarting', message: 'The server is restarting. Try again shortly.' },
      }),
    );
  });
});
