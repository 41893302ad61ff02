import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../errors.ts';

const CODES_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_type',
  429: 'rate_limited',
  503: 'unavailable',
};

/** The one error handler: every failure leaves as `{error: {code, message}}`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, req, reply) => {
    if (error instanceof AppError) {
      const current = error.current === undefined ? {} : { current: error.current };
      return reply
        .status(error.status)
        .send({ error: { code: error.code, message: error.message, ...current } });
    }
    if (error instanceof ZodError) {
      return reply
        .status(400)
        .send({ error: { code: 'invalid_input', message: describeZodError(error) } });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ error: { code: 'internal', message: 'Something went wrong on our side.' } });
    }
    return reply.status(status).send({
      error: {
        code: CODES_BY_STATUS[status] ?? 'bad_request',
        message: friendlyMessage(error, status),
      },
    });
  });
}

function friendlyMessage(error: FastifyError, status: number): string {
  if (status === 413) return 'The request is too large.';
  if (status === 415) return 'This type of content is not supported.';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is empty.';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError')
    return 'The request body is not valid JSON.';
  return error.message;
}

/** "Name is required" rather than a JSON dump: the app shows this text to people. */
export function describeZodError(error: ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}`;
      const field = issue.path.join('.');
      const generic = issue.message.startsWith('Invalid input') || issue.message.startsWith('Too ');
      return field && generic ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
