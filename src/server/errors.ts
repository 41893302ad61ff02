/**
 * The one error type. Services throw it; the error handler turns it into
 * `{error: {code, message}}` with its status. Messages are shown to users as they are.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** A 409 for a stale version carries the record as it is now (`error.current`). */
    readonly current?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'bad_request') =>
  new AppError(400, code, message);
export const unauthorized = (message = 'Please sign in.') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new AppError(403, 'forbidden', message);
export const notFound = (what = 'Item') => new AppError(404, 'not_found', `${what} not found.`);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
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
