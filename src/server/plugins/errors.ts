import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorCode } from '../../common/api/error-codes.ts';
import { AppError, internalError, sendError } from '../errors.ts';
import { storageFailureReason } from '../lib/storage.ts';

const CODES_BY_STATUS: Partial<Record<number, ErrorCode>> = {
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

/**
 * The one error handler: every failure leaves as `{error: {code, message}}`. Input is
 * checked by route(), which throws AppError; anything else that is not an AppError nor a
 * client error Fastify raised (bad JSON, body too large) is our bug: logged, answered 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      // The caller gets the plain 503; the operator gets what the store said.
      if (error.code === 'storage_unavailable') {
        req.log.error(
          { err: error.cause },
          `file store unavailable: ${storageFailureReason(error)}`,
        );
      }
      return sendError(reply, error);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return sendError(reply, internalError());
    }
    return sendError(reply, clientError(status, error));
  });
}

/** A client error Fastify raised (bad JSON, body too large, wrong content type). */
function clientError(status: number, error: FastifyError): AppError {
  const code = CODES_BY_STATUS[status] ?? 'bad_request';
  return new AppError(status, code, friendlyMessage(error, status));
}

function friendlyMessage(error: FastifyError, status: number): string {
  if (status === 413) return 'The request is too large.';
  if (status === 415) return 'This type of content is not supported.';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is empty.';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError')
    return 'The request body is not valid JSON.';
  return error.message;
}
