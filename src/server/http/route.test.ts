import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../common/api/contract.ts';
import { createTestApp, createTestAppWithRoutes } from '../../../test/helpers/app.ts';
import { staleVersion } from '../errors.ts';
import { route } from './route.ts';

/** A contract of its own, so a handler can break it on purpose. */
const thing = z.object({ id: z.string(), name: z.string() });
const saveThing = endpoint({
  method: 'POST',
  path: '/test/things/:id',
  summary: 'A test route',
  tag: 'test',
  access: 'public',
  params: z.strictObject({ id: z.string().regex(/^[a-z]+$/, 'id must be lower-case letters') }),
  query: z.strictObject({ answer: z.enum(['right', 'wrong', 'stale', 'conflict']).optional() }),
  body: z.strictObject({ name: z.string().min(1, 'Name is required') }),
  response: thing,
  conflict: thing,
  idempotent: true,
});

let runs = 0;
let t: Awaited<ReturnType<typeof createTestAppWithRoutes>>;

beforeAll(async () => {
  t = await createTestAppWithRoutes((api) =>
    route(api, saveThing, async ({ params, query, body }) => {
      runs++;
      if (query.answer === 'wrong') return { id: params.id, name: 42 } as never;
      // A current record without its name breaks the conflict schema; a whole one does not.
      if (query.answer === 'stale') throw staleVersion('Thing', { id: params.id });
      if (query.answer === 'conflict') {
        throw staleVersion('Thing', { id: params.id, name: 'Now', secret: 'never leaves' });
      }
      return { id: params.id, name: body.name, secret: 'never leaves' } as never;
    }),
  );
});
afterAll(() => t.close());

const INTERNAL = { code: 'internal', message: 'Something went wrong on our side.' };

const save = (query: string, payload: unknown, options: { id?: string; key?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/test/things/${options.id ?? 'abc'}${query}`,
    payload: payload as object,
    ...(options.key ? { headers: { 'idempotency-key': options.key } } : {}),
  });

describe('an answer that does not match its contract', () => {
  it('is our bug: 500 internal with a generic message, the details in the log only', async () => {
    t.log.lines.length = 0;
    const res = await save('?answer=wrong', { name: 'Crate' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: INTERNAL });
    const logged = t.log.text();
    expect(logged).toContain('the answer does not match its contract');
    expect(logged).toContain('POST /test/things/:id');
    expect(logged).toContain('"path":["name"]');
  });

  it('is a 500 on the idempotent path too, and stores nothing: a retry runs again', async () => {
    const before = runs;
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await save('?answer=wrong', { name: 'Crate' }, { key: 'shape-1' });
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toEqual(INTERNAL);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(runs - before).toBe(2);
  });

  it("is a 500 when a stale version's current record does not match the conflict schema", async () => {
    const res = await save('?answer=stale', { name: 'Crate' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toEqual(INTERNAL);
  });
});

describe('a request its contract refuses', () => {
  it('is a 400 invalid_input naming the problem, and the handler never runs', async () => {
    const before = runs;
    const cases: Array<[string, unknown, string | undefined, string]> = [
      ['', { name: 'Crate' }, 'ABC', 'id must be lower-case letters'],
      [
        '?answer=maybe',
        { name: 'Crate' },
        undefined,
        'Invalid option: expected one of "right"|"wrong"|"stale"|"conflict"',
      ],
      ['', { name: '' }, undefined, 'Name is required'],
      ['', { name: 'Crate', extra: 1 }, undefined, 'Unknown field: extra'],
      ['', { name: 7 }, undefined, 'name: Invalid input: expected string, received number'],
    ];
    for (const [query, payload, id, message] of cases) {
      const res = await save(query, payload, id ? { id } : {});
      expect(res.statusCode, message).toBe(400);
      // Byte for byte what the web app has always read.
      expect(res.body).toBe(JSON.stringify({ error: { code: 'invalid_input', message } }));
    }
    expect(runs).toBe(before);
  });
});

describe('an answer that matches its contract', () => {
  it('leaves through the schema: fields the contract does not name are dropped', async () => {
    const res = await save('?answer=right', { name: 'Crate' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'abc', name: 'Crate' });
  });

  it('answers a stale version with 409 and the current record, through the contract', async () => {
    const res = await save('?answer=conflict', { name: 'Crate' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'conflict',
      message: 'Someone else changed this thing while you were editing it. Nothing was saved.',
      current: { id: 'abc', name: 'Now' },
    });
  });
});

describe('deny by default: /api routes come through route()', () => {
  const startWith = (routes: (app: FastifyInstance) => Promise<unknown> | unknown) =>
    createTestApp({}, { beforeReady: async (app) => void (await routes(app)) });

  it('refuses to start with a raw route under /api', async () => {
    await expect(startWith((app) => app.get('/api/x', async () => ({})))).rejects.toThrow(
      'GET /api/x is under /api but was not registered through route()',
    );
  });

  it('refuses a raw route in a plugin mounted at /api', async () => {
    await expect(
      startWith((app) =>
        app.register(async (api) => void api.post('/inventory/x', async () => ({})), {
          prefix: '/api',
        }),
      ),
    ).rejects.toThrow('POST /api/inventory/x is under /api but was not registered through route()');
  });

  it('starts with raw routes elsewhere, and with the allow-listed API reference', async () => {
    const other = await startWith((app) => app.get('/not-api/x', async () => ({ ok: true })));
    try {
      expect((await other.app.inject({ url: '/not-api/x' })).json()).toEqual({ ok: true });
      for (const url of ['/api/openapi.json', '/api/docs']) {
        expect((await other.app.inject({ url })).statusCode, url).toBe(200);
      }
    } finally {
      await other.close();
    }
  });
});
