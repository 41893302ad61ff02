import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../../common/api/index.ts';
import { openApiText } from '../../../scripts/openapi.ts';
import { useTestApp } from '../../../test/helpers/app.ts';

const t = useTestApp();

describe('the API contract', () => {
  it('is what the committed openapi.json says (run `npm run openapi` after changing a contract)', () => {
    const committed = fs.readFileSync('openapi.json', 'utf8');
    expect(committed).toBe(openApiText());
  });

  it('has every endpoint registered on the server, once', () => {
    const keys = allEndpoints().map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const registered = [...t.app.registeredEndpoints].map((e) => `${e.method} ${e.path}`);
    expect(registered.sort()).toEqual([...keys].sort());
  });

  it('is served as JSON and as a readable reference page', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().paths['/api/login'].post.summary).toBeTruthy();
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/login');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});
