import {
  buildPath,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '../../common/api/contract.ts';
import { isErrorCode, type ErrorCode } from '../../common/api/error-codes.ts';
import { noteAnswer } from './connectivity.ts';

/** The API base; configurable so the app can talk to an API on another host. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';

/**
 * What a failed call's `code` can be: one of the server's closed set, or 'unknown' when the
 * answer was not the server's JSON (a proxy's error page) or named a code this build lacks.
 */
export type ApiErrorCode = ErrorCode | 'unknown';

/** A failed call. `message` is what the server said, ready to show to people. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    /** A stale-version 409 carries the record as it is now (docs/decisions.md). */
    readonly current?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Args<E> = (ParamsOf<E> extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  (QueryOf<E> extends undefined ? { query?: undefined } : { query?: QueryOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> });

/**
 * Calls one contract endpoint: the path, body and answer are typed by the same zod
 * contract the server validates with.
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  args: Args<E>,
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  return readResponse(await fetchEndpoint(endpoint, args, options)) as Promise<ResponseOf<E>>;
}

/** As callApi, for endpoints that answer a file (a PDF): its bytes, or the ApiError. */
export async function callApiFile<E extends Endpoint>(
  endpoint: E,
  args: Args<E>,
  options: CallOptions = {},
): Promise<Blob> {
  const res = await fetchEndpoint(endpoint, args, options);
  if (res.status >= 400) await readResponse(res);
  return res.blob();
}

interface CallOptions {
  /** For endpoints marked idempotent: a repeat with the same key changes nothing. */
  idempotencyKey?: string;
  /**
   * For reads, what the service worker may answer with (service-worker.ts): 'no-store'
   * only the server's live answer, 'force-cache' the phone's copy first; by default the
   * server's answer, or the copy when the network does not answer.
   */
  cache?: 'no-store' | 'force-cache';
  signal?: AbortSignal;
}

/** The URL of an endpoint with its params and query (arrays as repeated keys). */
export function endpointUrl<E extends Endpoint>(endpoint: E, args: Args<E>): string {
  const a = args as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  let url = `${API_BASE}${buildPath(endpoint.path, a.params)}`;
  if (a.query) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(a.query)) {
      // Arrays go out as repeated keys (?status=Crate&status=Panel), as the server reads them.
      for (const one of Array.isArray(value) ? value : [value]) {
        if (one !== undefined && one !== null && one !== '') search.append(key, String(one));
      }
    }
    const qs = search.toString();
    if (qs) url += `?${qs}`;
  }
  return url;
}

function fetchEndpoint<E extends Endpoint>(
  endpoint: E,
  args: Args<E>,
  options: CallOptions,
): Promise<Response> {
  const body = (args as { body?: unknown }).body;
  const hasBody = body !== undefined;
  const headers: Record<string, string> = hasBody ? { 'Content-Type': 'application/json' } : {};
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  return fetch(endpointUrl(endpoint, args), {
    method: endpoint.method,
    credentials: 'include',
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
    ...(options.cache ? { cache: options.cache } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** Raw-body upload (images): same error handling as JSON calls. */
export async function uploadRaw(path: string, file: Blob): Promise<unknown> {
  const res = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  });
  return readResponse(res);
}

async function readResponse(res: Response): Promise<unknown> {
  noteAnswer(res);
  const text = await res.text();
  if (res.status >= 400) throw apiErrorOf(res.status, text || res.statusText);
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The ApiError of a failed answer's status and body (also for XMLHttpRequest uploads). */
export function apiErrorOf(status: number, text: string): ApiError {
  let code: ApiErrorCode = 'unknown';
  let message = text;
  let current: unknown;
  try {
    const parsed = JSON.parse(text) as {
      error?: { code?: unknown; message?: string; current?: unknown };
    };
    if (isErrorCode(parsed.error?.code)) code = parsed.error.code;
    message = parsed.error?.message ?? message;
    current = parsed.error?.current;
  } catch {
    // Not our JSON (a proxy's error page, say): keep the raw text as the message.
  }
  return new ApiError(status, code, message, current);
}
