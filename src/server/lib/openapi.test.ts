import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../../common/api/index.ts';
import { CLIENT_TYPES_FILE, clientTypesText, openApiText } from '../../../scripts/openapi.ts';
import { useTestApp } from '../../../test/helpers/app.ts';

const t = useTestApp();

describe('the API contract', () => {
  it('is what the committed openapi.json says (run `npm run openapi` after changing a contract)', () => {
    const committed = fs.readFileSync('openapi.json', 'utf8');
    expect(committed).toBe(openApiText());
  });

  it('is what the committed typed-client types say (run `npm run openapi`)', async () => {
    expect(fs.readFileSync(CLIENT_TYPES_FILE, 'utf8')).toBe(await clientTypesText());
  });

  it('names every operation once, and says how each is authenticated', () => {
    const doc = JSON.parse(openApiText()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ key: `${method} ${path}`, op })),
    );
    const ids = operations.map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const security = Object.fromEntries(operations.map((o) => [o.key, o.op.security]));
    expect(security['get /api/health']).toEqual([]);
    expect(security['get /api/inventory/items']).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
    expect(security['post /api/tokens']).toEqual([{ cookieAuth: [] }]);
    expect(operations.find((o) => o.key === 'get /api/inventory/items')?.op.operationId).toBe(
      'itemsList',
    );
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
