import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../common/api/contract.ts';
import { errorCodes } from '../../common/api/error-codes.ts';
import { errorBodySchema, okSchema } from '../../common/schemas/common.ts';
import { createTestAppWithRoutes } from '../../../test/helpers/app.ts';
import { JSON_BODY_LIMIT } from '../app.ts';
import { AppError } from '../errors.ts';
import { route } from '../http/route.ts';

/** A route that fails the way a bug does: not with an AppError. */
const crash = endpoint({
  method: 'POST',
  path: '/test/crash',
  summary: 'A test route',
  tag: 'test',
  access: 'public',
  body: z.strictObject({ how: z.enum(['error', 'zod']) }),
  response: okSchema,
});

let t: Awaited<ReturnType<typeof createTestAppWithRoutes>>;

beforeAll(async () => {
  t = await createTestAppWithRoutes((api) =>
    route(api, crash, async ({ body }) => {
      // A schema parse inside a handler is our own check: its failure is not the caller's.
      if (body.how === 'zod') z.object({ count: z.number() }).parse({ count: 'many' });
      throw new Error('database exploded at /var/secret/path');
    }),
  );
});
afterAll(() => t.close());

/** The answer's status and error body, checked against the closed set of codes. */
async function failure(request: InjectOptions) {
  const res = await t.app.inject(request);
  return { status: res.statusCode, body: errorBodySchema.strict().parse(res.json()), res };
}

/** A POST of raw text to the login route, whose contract reads JSON. */
const post = (payload: string, type = 'application/json'): InjectOptions => ({
  method: 'POST',
  url: '/api/login',
  headers: { 'content-type': type },
  payload,
});

const MISSING_UPLOAD = '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa.jpg';

describe('failures that are ours', () => {
  it.each(['error', 'zod'])(
    'answer 500 internal for a thrown %s, with details only in the log',
    async (how) => {
      t.log.lines.length = 0;
      const { status, body, res } = await failure({
        method: 'POST',
        url: '/api/test/crash',
        payload: { how },
      });
      expect(status).toBe(500);
      expect(body).toEqual({
        error: { code: 'internal', message: 'Something went wrong on our side.' },
      });
      expect(res.body).not.toContain('exploded');
      expect(t.log.text()).toContain('request failed');
    },
  );
});

describe("failures the framework finds before a route runs, in the app's shape", () => {
  const tooBig = JSON.stringify({ username: 'x'.repeat(JSON_BODY_LIMIT) });
  const longId = 'a'.repeat(201);
  it.each<[string, InjectOptions, number, string, string]>([
    ['bad JSON', post('{"user'), 400, 'bad_request', 'The request body is not valid JSON.'],
    ['empty JSON', post(''), 400, 'bad_request', 'The request body is empty.'],
    ['a body over the limit', post(tooBig), 413, 'too_large', 'The request is too large.'],
    [
      'XML',
      post('<a/>', 'text/xml'),
      415,
      'unsupported_type',
      'This type of content is not supported.',
    ],
    [
      'an unknown API path',
      { url: '/api/no-such-thing' },
      404,
      'not_found',
      'No such API endpoint.',
    ],
    [
      'a write outside the API',
      { method: 'POST', url: '/somewhere' },
      404,
      'not_found',
      'Not found.',
    ],
    [
      'a malformed address',
      { url: '/api/inventory/items/%E0%A4%A' },
      400,
      'bad_request',
      'The request is malformed.',
    ],
    [
      'a 201-character parameter',
      { url: `/api/inventory/items/${longId}` },
      414,
      'too_long',
      'The address is too long.',
    ],
    ['a missing upload', { url: MISSING_UPLOAD }, 404, 'not_found', 'File not found.'],
  ])('%s', async (_what, request, status, code, message) => {
    const answer = await failure(request);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ error: { code, message } });
  });

  it('keeps a missing upload out of caches', async () => {
    const { res } = await failure({ url: MISSING_UPLOAD });
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('error codes', () => {
  it('are a closed set of distinct snake_case words', () => {
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
    for (const code of errorCodes) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('are the only codes an AppError takes', () => {
    // @ts-expect-error -- a code outside src/common/api/error-codes.ts does not compile
    const unknown = new AppError(400, 'made_up', 'A code the web could not switch on.');
    expect(errorCodes).not.toContain(unknown.code);
  });
});
