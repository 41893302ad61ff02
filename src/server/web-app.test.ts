import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app.ts';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Yardkeep app</title>');
  const script = 'console.log("yardkeep");'.repeat(100);
  fs.writeFileSync(path.join(webDist, 'assets/index-abc123.js'), script);
  fs.writeFileSync(path.join(webDist, 'assets/index-abc123.js.gz'), zlib.gzipSync(script));
  // A source map left over from an older build must still not be served.
  fs.writeFileSync(path.join(webDist, 'assets/index-abc123.js.map'), '{"sourcesContent":["x"]}');
  // Vite's build manifest names every source file; the server reads it, nobody else may.
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(
    path.join(webDist, '.vite/manifest.json'),
    '{"app/pages/ItemPage.tsx":{"file":"assets/ItemPage-d4.js","src":"app/pages/ItemPage.tsx"}}',
  );
  fs.writeFileSync(path.join(webDist, '.DS_Store'), 'Finder internals');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers deep links with index.html, never cached', async () => {
    for (const url of ['/', '/items/abc123', '/profile', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Yardkeep app');
      expect(String(res.headers['cache-control'])).toBe('no-cache');
    }
  });

  it('serves hashed assets for a year, precompressed when the browser accepts it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toContain('yardkeep');
  });

  it('keeps unknown API paths and non-GET page requests as JSON 404s', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).json().error.code).toBe(
      'not_found',
    );
    const post = await t.app.inject({ method: 'POST', url: '/items/abc' });
    expect(post.statusCode).toBe(404);
  });

  it('never serves source maps, and the production build makes none', async () => {
    for (const url of ['/assets/index-abc123.js.map', '/assets/missing.js.map']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('sourcesContent');
    }
    const viteConfig = (await import('../../vite.config.ts')).default as {
      build?: { sourcemap?: unknown };
    };
    expect(viteConfig.build?.sourcemap ?? false).toBe(false);
  });

  it("never serves the build's internals: Vite's manifest or any other dot file", async () => {
    for (const url of [
      '/.vite/manifest.json',
      '/.vite/manifest.json?x=1',
      '/%2Evite/manifest.json',
      '/.vite/',
      '/.vite',
      '/.DS_Store',
      '/assets/../.vite/manifest.json',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url, headers: { 'accept-encoding': 'gzip, br' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body).not.toContain('ItemPage');
        expect(res.body).not.toContain('Finder');
      }
    }
  });

  it('does not serve files outside the build folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/../package.json' });
    expect(res.body).not.toContain('"name": "yardkeep"');
  });
});
