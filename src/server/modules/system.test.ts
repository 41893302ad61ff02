import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL, useTestApp } from '../../../test/helpers/app.ts';
import { TEST_ENGINE } from '../../../test/helpers/database.ts';

const t = useTestApp({ PRODUCT_NAME: 'Yard Test' });

describe('GET /api/health', () => {
  it('answers ok with the engine in use, uncached, for anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: TEST_ENGINE });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database is gone', async () => {
    const own = await createTestApp();
    try {
      await own.app.db.destroy();
      const res = await own.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: { code: 'unavailable', message: 'The database is unreachable.' },
      });
    } finally {
      await own.close();
    }
  });
});

describe('GET /api/config', () => {
  it('tells the web app the product name and the public URL, never the request host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      product_name: 'Yard Test',
      public_url: TEST_PUBLIC_URL,
      sso: null,
      password_login: 'on',
    });
  });
});

// Unknown API paths and the contract's completeness are covered in lib/openapi.test.ts.
describe('app paths without a web build', () => {
  it('explains a missing web build on app paths, and 404s other methods', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/items/AB12' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
    expect(page.body).toContain('npm run build');
    const post = await t.app.inject({ method: 'POST', url: '/items/AB12' });
    expect(post.statusCode).toBe(404);
  });
});
