import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { Access, Endpoint } from '../../common/api/contract.ts';
import { can, roleOf, type AnonymousAccess, type Role } from '../../common/permissions.ts';
import type { CurrentUser } from '../../common/schemas/member.ts';
import type { TokenScope } from '../../common/schemas/api-token.ts';
import {
  AppError,
  badRequest,
  forbidden,
  internalError,
  invalidInput,
  unauthorized,
} from '../errors.ts';
import {
  fingerprintOf,
  idempotencyKeyOf,
  withIdempotencyKey,
} from '../modules/idempotency/idempotency.service.ts';
import { expectedVersionOf, setVersionTag } from './versions.ts';
import { StreamedJson } from './streamed-json.ts';

/**
 * The caller a handler sees: a route anonymous visitors may not call (its access is neither
 * 'public' nor granted to 'anonymous' by the matrix) is refused with 401 before its handler
 * runs, so its handler gets a signed-in user and needs no `user!`.
 */
export type UserOf<A extends Access> = [Extract<A, AnonymousAccess>] extends [never]
  ? CurrentUser
  : CurrentUser | null;

export interface RouteContext<P, Q, B, U extends CurrentUser | null = CurrentUser | null> {
  params: P;
  query: Q;
  body: B;
  user: U;
  role: Role;
  /** The version an update was made from (`version` in the body or `If-Match`), if sent. */
  expectedVersion: number | undefined;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** The handlers route() registered, so the onRoute check can tell its routes from others. */
const contractHandlers = new WeakSet<RouteOptions['handler']>();

/**
 * Registers one contract endpoint: authorize against the permissions matrix first (so a
 * denied caller learns nothing about its input), then validate params, query and body,
 * run the handler, and serialize the answer through the response schema, which drops
 * any field the contract does not name.
 */
export function route<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  A extends Access,
>(
  app: FastifyInstance,
  endpoint: Endpoint<P, Q, B, R, A>,
  handler: (
    ctx: RouteContext<z.output<P>, z.output<Q>, z.output<B>, UserOf<A>>,
  ) => Promise<z.input<R> | StreamedJson>,
): void {
  app.registeredEndpoints.add(endpoint as unknown as Endpoint);

  const routeHandler: RouteOptions['handler'] = async (req, reply) => {
    const user = req.user;
    const role = roleOf(user);
    if (endpoint.access !== 'public' && !can(role, endpoint.access)) {
      throw user ? forbidden() : unauthorized();
    }
    if (req.apiToken) refuseBeyondToken(endpoint, req.apiToken.scope);
    const params = parseInput(endpoint.params, req.params ?? {});
    const query = parseInput(endpoint.query, req.query ?? {});
    const body = endpoint.rawBody ? req.body : parseBody(endpoint.body, req.body);
    const expectedVersion = expectedVersionOf(req, body);
    const answerOf = (value: unknown) => serialize(req, endpoint, endpoint.response, value);
    const run = () =>
      handler({
        params: params as z.output<P>,
        query: query as z.output<Q>,
        body: body as z.output<B>,
        // Not null when the endpoint's access shuts anonymous out: refused just above.
        user: user as UserOf<A>,
        role,
        expectedVersion,
        req,
        reply,
      }).catch((err: unknown) => {
        throw withSerializedCurrent(req, endpoint, err);
      });
    // A stored answer must be whole: idempotent routes never stream.
    const runBuffered = async () => {
      const answer = await run();
      if (answer instanceof StreamedJson) throw new Error('an idempotent route cannot stream');
      return answer;
    };
    const key = endpoint.idempotent ? idempotencyKeyOf(req) : null;
    // Only a member's key is stored: anonymous callers (public scans) would share one key
    // space and could fill the table with a fresh key per request (docs/decisions.md,
    // Security). Their request simply runs; nobody queues anonymous writes offline.
    if (key && user) {
      const fingerprint = fingerprintOf({
        method: endpoint.method,
        path: endpoint.path,
        params,
        query,
        body,
      });
      const answer = await withIdempotencyKey(
        app,
        { userKey: user.id, key, fingerprint },
        async () => ({
          status: endpoint.status ?? 200,
          body: JSON.stringify(answerOf(await runBuffered())),
        }),
      );
      if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.status(answer.status).type('application/json; charset=utf-8').send(answer.body);
    }
    const result = await run();
    // A file answer (PDF, CSV) was sent by the handler itself, possibly still streaming.
    if (reply.sent || endpoint.produces) return reply;
    if (result instanceof StreamedJson) {
      return reply.type('application/json; charset=utf-8').send(result.stream);
    }
    reply.status(endpoint.status ?? 200);
    const answer = answerOf(result);
    setVersionTag(reply, answer);
    return answer;
  };
  contractHandlers.add(routeHandler);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    handler: routeHandler,
  });
}

/**
 * What a token may not do whatever its role (docs/decisions.md, "Integrations: API
 * tokens"): manage tokens or a password (sign in for that), or write with a `read` scope.
 */
function refuseBeyondToken(endpoint: Endpoint, scope: TokenScope): void {
  if (endpoint.sessionOnly) {
    throw forbidden('API tokens cannot do this. Sign in to the web app instead.');
  }
  if (scope === 'read' && endpoint.method !== 'GET') {
    throw forbidden('This API token may only read (its scope is read).');
  }
}

/** A conflict's current record leaves through the contract too, like any answer. */
function withSerializedCurrent(req: FastifyRequest, endpoint: Endpoint, err: unknown): unknown {
  if (!(err instanceof AppError) || err.current === undefined) return err;
  const current = serialize(req, endpoint, endpoint.conflict ?? endpoint.response, err.current);
  return new AppError(err.status, err.code, err.message, current);
}

/**
 * An answer through its contract schema. One that does not fit is our bug, not the
 * caller's: logged with zod's issues (paths and expectations, no values) and answered 500.
 */
function serialize(
  req: FastifyRequest,
  endpoint: Endpoint,
  schema: z.ZodType,
  value: unknown,
): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  req.log.error(
    { endpoint: `${endpoint.method} ${endpoint.path}`, issues: parsed.error.issues },
    'the answer does not match its contract',
  );
  throw internalError();
}

/** Params, query or body through their contract schema; a refusal is the caller's 400. */
function parseInput(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

function parseBody(schema: z.ZodType | undefined, body: unknown): unknown {
  if (schema) return parseInput(schema, body ?? {});
  // A route without a body schema takes none: anything sent is a mistake worth reporting.
  const empty =
    body === undefined || body === null || (isPlainObject(body) && Object.keys(body).length === 0);
  if (!empty) throw badRequest('This request takes no body.');
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Deny by default for the whole /api tree: a route there that did not come through
 * route() skipped the permission check, so the app refuses to start with it. `allowed`
 * lists the few that are public by nature (the API reference).
 */
export function requireContractRoutes(app: FastifyInstance, allowed: readonly string[]): void {
  app.addHook('onRoute', (options) => {
    const url = options.url ?? '';
    if (url !== '/api' && !url.startsWith('/api/')) return;
    if (contractHandlers.has(options.handler) || allowed.includes(url)) return;
    const methods = [options.method].flat().join(',');
    throw new Error(
      `${methods} ${url} is under /api but was not registered through route() (src/server/http/route.ts)`,
    );
  });
}
