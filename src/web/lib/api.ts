import {
  buildPath,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '../../common/api/contract.ts';
import { noteAnswer } from './connectivity.ts';

/** The API base; configurable so the app can talk to an API on another host. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';

/** A failed call. `message` is what the server said, ready to show to people. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** A stale-version 409 carries the record as it is now (docs/decisions.md). */
    readonly current?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Args<E> = (ParamsOf<E> extends undefined ? { params?: undefined } : { params: ParamsOf<E> }) &
  (QueryOf<E> extends undefined ? { query?: undefined } : { query?: QueryOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> });

/**
 * Calls one contract endpoint: the path, body and answer are typed by the same zod
 * contract the server validates with.
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  args: Args<E>,
  options: {
    /** For endpoints marked idempotent: a repeat with the same key changes nothing. */
    idempotencyKey?: string;
    /**
     * For reads, what the service worker may answer with (service-worker.ts): 'no-store'
     * only the server's live answer, 'force-cache' the phone's copy first; by default the
     * server's answer, or the copy when the network does not answer.
     */
    cache?: 'no-store' | 'force-cache';
    signal?: AbortSignal;
  } = {},
): Promise<ResponseOf<E>> {
  const a = args as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
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
  const hasBody = a.body !== undefined;
  const headers: Record<string, string> = hasBody ? { 'Content-Type': 'application/json' } : {};
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const res = await fetch(url, {
    method: endpoint.method,
    credentials: 'include',
    headers,
    body: hasBody ? JSON.stringify(a.body) : undefined,
    ...(options.cache ? { cache: options.cache } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return readResponse(res) as Promise<ResponseOf<E>>;
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
  if (res.status >= 400) {
    let code = 'error';
    let message = text || res.statusText;
    let current: unknown;
    try {
      const parsed = JSON.parse(text) as {
        error?: { code?: string; message?: string; current?: unknown };
      };
      code = parsed.error?.code ?? code;
      message = parsed.error?.message ?? message;
      current = parsed.error?.current;
    } catch {
      // Not our JSON (a proxy's error page, say): keep the raw text as the message.
    }
    throw new ApiError(res.status, code, message, current);
  }
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
