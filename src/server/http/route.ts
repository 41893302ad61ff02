import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '../../common/api/contract.ts';
import { can, roleOf, type Role } from '../../common/permissions.ts';
import type { CurrentUser } from '../../common/schemas/member.ts';
import { AppError, badRequest, forbidden, unauthorized } from '../errors.ts';
import {
  fingerprintOf,
  idempotencyKeyOf,
  withIdempotencyKey,
} from '../modules/idempotency/idempotency.service.ts';
import { expectedVersionOf, setVersionTag } from './versions.ts';
import { StreamedJson } from './streamed-json.ts';

export interface RouteContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  user: CurrentUser | null;
  role: Role;
  /** The version an update was made from (`version` in the body or `If-Match`), if sent. */
  expectedVersion: number | undefined;
  req: FastifyRequest;
  reply: FastifyReply;
}

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
>(
  app: FastifyInstance,
  endpoint: Endpoint<P, Q, B, R>,
  handler: (
    ctx: RouteContext<z.output<P>, z.output<Q>, z.output<B>>,
  ) => Promise<z.input<R> | StreamedJson>,
): void {
  app.registeredEndpoints.add(endpoint as unknown as Endpoint);

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    handler: async (req, reply) => {
      const user = req.user;
      const role = roleOf(user);
      if (endpoint.access !== 'public' && !can(role, endpoint.access)) {
        throw user ? forbidden() : unauthorized();
      }
      const params = endpoint.params ? endpoint.params.parse(req.params ?? {}) : undefined;
      const query = endpoint.query ? endpoint.query.parse(req.query ?? {}) : undefined;
      const body = endpoint.rawBody ? req.body : parseBody(endpoint.body, req.body);
      const expectedVersion = expectedVersionOf(req, body);
      const run = () =>
        handler({
          params: params as z.output<P>,
          query: query as z.output<Q>,
          body: body as z.output<B>,
          user,
          role,
          expectedVersion,
          req,
          reply,
        }).catch((err: unknown) => {
          throw withSerializedCurrent(err, endpoint);
        });
      // A stored answer must be whole: idempotent routes never stream.
      const runBuffered = async () => {
        const answer = await run();
        if (answer instanceof StreamedJson) throw new Error('an idempotent route cannot stream');
        return answer;
      };
      const key = endpoint.idempotent ? idempotencyKeyOf(req) : null;
      if (key) {
        const fingerprint = fingerprintOf({
          method: endpoint.method,
          path: endpoint.path,
          params,
          query,
          body,
        });
        const answer = await withIdempotencyKey(
          app,
          { userKey: user?.id ?? '', key, fingerprint },
          async () => ({
            status: endpoint.status ?? 200,
            body: JSON.stringify(endpoint.response.parse(await runBuffered())),
          }),
        );
        if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
        return reply
          .status(answer.status)
          .type('application/json; charset=utf-8')
          .send(answer.body);
      }
      const result = await run();
      // A file answer (PDF, CSV) was sent by the handler itself, possibly still streaming.
      if (reply.sent || endpoint.produces) return reply;
      if (result instanceof StreamedJson) {
        return reply.type('application/json; charset=utf-8').send(result.stream);
      }
      reply.status(endpoint.status ?? 200);
      const answer = endpoint.response.parse(result);
      setVersionTag(reply, answer);
      return answer;
    },
  });
}

/** A conflict's current record leaves through the contract too, like any answer. */
function withSerializedCurrent(err: unknown, endpoint: Endpoint): unknown {
  if (!(err instanceof AppError) || err.current === undefined) return err;
  const current = (endpoint.conflict ?? endpoint.response).parse(err.current);
  return new AppError(err.status, err.code, err.message, current);
}

function parseBody(schema: z.ZodType | undefined, body: unknown): unknown {
  if (schema) return schema.parse(body ?? {});
  // A route without a body schema takes none: anything sent is a mistake worth reporting.
  const empty =
    body === undefined || body === null || (isPlainObject(body) && Object.keys(body).length === 0);
  if (!empty) throw badRequest('This request takes no body.');
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
