import type { FastifyReply } from 'fastify';
import type { ZodError } from 'zod';
import type { ErrorCode } from '../common/api/error-codes.ts';

/**
 * The one error type. Services throw it; the error handler turns it into
 * `{error: {code, message}}` with its status. Messages are shown to users as they are;
 * codes come from the closed set in src/common/api/error-codes.ts.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** A 409 for a stale version carries the record as it is now (`error.current`). */
  readonly current?: unknown;
  /** Seconds, sent as `Retry-After`: a 503 `busy` or a 429 says when to try again. */
  readonly retryAfter?: number;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    current?: unknown,
    retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.current = current;
    this.retryAfter = retryAfter;
  }
}

export const badRequest = (message: string, code: ErrorCode = 'bad_request') =>
  new AppError(400, code, message);
export const unauthorized = (message = 'Please sign in.') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new AppError(403, 'forbidden', message);
export const notFound = (what = 'Item') => new AppError(404, 'not_found', `${what} not found.`);
export const conflict = (message: string, code: ErrorCode = 'conflict') =>
  new AppError(409, code, message);
/**
 * The row moved on since the caller read it (docs/decisions.md, "Versions and conflicts").
 * `current` is serialized through the endpoint's contract before it leaves.
 */
export const staleVersion = (noun: string, current: unknown) =>
  new AppError(
    409,
    'conflict',
    `Someone else changed this ${noun.toLowerCase()} while you were editing it. Nothing was saved.`,
    current,
  );
export const tooLarge = (message = 'The file is too large.') =>
  new AppError(413, 'too_large', message);
export const unsupportedType = (message = 'This type of file is not supported.') =>
  new AppError(415, 'unsupported_type', message);
export const rateLimited = (
  message = 'Too many attempts. Please wait a few minutes and try again.',
) => new AppError(429, 'rate_limited', message);

/** A request its endpoint's contract refuses: the message names the fields, for people. */
export const invalidInput = (error: ZodError) =>
  new AppError(400, 'invalid_input', describeZodError(error));

/** Our own failure: the details go to the log, never to the caller. */
export const internalError = () =>
  new AppError(500, 'internal', 'Something went wrong on our side.');

/** The body every failure answers with (also stored for idempotent replays). */
export function errorBody(error: AppError) {
  const current = error.current === undefined ? {} : { current: error.current };
  return { error: { code: error.code, message: error.message, ...current } };
}

/**
 * Sends an error answer outside the error handler (not-found handlers, hooks that answer
 * early, framework errors), so every `{error: ...}` body is built here.
 */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
  return reply.status(error.status).send(errorBody(error));
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
