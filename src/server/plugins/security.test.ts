import { describe, expect, it } from 'vitest';
import { createTestApp, errorOf, TEST_PUBLIC_URL, useTestApp } from '../../../test/helpers/app.ts';

const t = useTestApp();

/** A state-changing request anyone may make: logging out. */
const logout = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/logout', headers });

describe('CSRF origin check', () => {
  it('refuses another site even when it forges a matching Host', async () => {
    const res = await logout({ origin: 'https://evil.example', host: 'evil.example' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('forbidden');
  });

  it('compares scheme and port too, not only the host name', async () => {
    const host = new URL(TEST_PUBLIC_URL).host;
    for (const origin of [`https://${host}`, `${TEST_PUBLIC_URL}:8443`]) {
      const res = await logout({ origin, host });
      expect(res.statusCode, origin).toBe(403);
    }
  });

  it('refuses the opaque origin "null" and cross-site fetches without Origin', async () => {
    expect((await logout({ origin: 'null' })).statusCode).toBe(403);
    expect((await logout({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });

  it("accepts PUBLIC_URL's origin, same-origin fetches and clients that send no Origin", async () => {
    expect((await logout({ origin: TEST_PUBLIC_URL })).statusCode).toBe(200);
    expect((await logout({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await logout({})).statusCode).toBe(200);
  });

  it('never checks safe methods', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('CSRF origin check on a local install', () => {
  it('treats localhost, 127.0.0.1 and [::1] on the same port as one origin', async () => {
    const local = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    try {
      for (const origin of [
        'http://localhost:3000',
        'http://127.0.0.1:3000',
        'http://[::1]:3000',
      ]) {
        const res = await local.app.inject({
          method: 'POST',
          url: '/api/logout',
          headers: { origin },
        });
        expect(res.statusCode, origin).toBe(200);
      }
      const otherPort = await local.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { origin: 'http://localhost:5173', host: 'localhost:5173' },
      });
      expect(otherPort.statusCode).toBe(403);
    } finally {
      await local.close();
    }
  });
});
