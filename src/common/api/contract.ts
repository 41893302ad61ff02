import type { z } from 'zod';
import type { Permission } from '../permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** 'public' routes are open to anonymous visitors; every other route names a permission. */
export type Access = 'public' | Permission;

/**
 * One API endpoint, written once: the server validates and serializes with it, the web
 * client is typed by it, and openapi.json is generated from it. Paths are relative to
 * the API base (`/api`) and use `:name` for parameters.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  /** Kept as its literal type: route() gives a signed-in user where anonymous may not call. */
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  /** Raw (non-JSON) request bodies such as uploads. */
  rawBody?: { contentTypes: string[] };
  response: R;
  /**
   * Updates that take a version (docs/decisions.md, "Versions and conflicts"): the shape
   * of the record a stale-version 409 carries in `error.current`.
   */
  conflict?: z.ZodType;
  /** Status of a successful answer; 200 unless said. */
  status?: number;
  /**
   * Content type of a non-JSON answer (a PDF, a CSV file); the handler sends it itself and
   * `response` only documents it.
   */
  produces?: string;
  /** A larger JSON body than the app-wide limit (a list of label codes to print). */
  bodyLimit?: number;
  /**
   * Accepts an `Idempotency-Key` header: a request repeated with the same key (a retry, a
   * phone's offline queue sent twice) returns the first answer and changes nothing.
   */
  idempotent?: true;
  /**
   * Refused to API tokens (403), whatever their role: managing tokens and one's password
   * needs a signed-in browser (docs/decisions.md, "Integrations: API tokens").
   */
  sessionOnly?: true;
}

export function endpoint<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
>(e: Endpoint<P, Q, B, R, A>): Endpoint<P, Q, B, R, A> {
  return e;
}

export type ParamsOf<E> =
  E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type QueryOf<E> =
  E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Fills `:name` parameters into a path, encoding each value. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
