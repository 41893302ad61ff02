import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isLocalName, isPublicAddress, literalAddressOf } from './public-address.ts';

/**
 * POSTs to a URL someone else chose (a webhook endpoint): a security boundary
 * (docs/decisions.md, "Integrations: webhooks"). Unless `allowPrivate`, the host must be
 * public, checked on the address the socket actually connects to (the lookup below, so a
 * name that resolves to a private address, or changes its answer between a check and the
 * connection, is refused). No redirect is followed; the whole exchange has a deadline and
 * the answer is read up to a cap.
 */
export interface OutboundOptions {
  allowPrivate: boolean;
  /** Connection, request and answer together. */
  timeoutMs: number;
  /** Bytes of the answer read before giving up on it. */
  maxResponseBytes: number;
  /** Aborts the request (the app is closing). */
  signal?: AbortSignal;
}

export type OutboundResult =
  | { ok: true; status: number }
  /** `status` when the receiver answered (a 500, a redirect); null when it did not. */
  | { ok: false; status: number | null; error: string };

export class RefusedAddress extends Error {
  constructor(what: string) {
    super(`${what} is a private, loopback or link-local address; refused`);
    this.name = 'RefusedAddress';
  }
}

/**
 * Why a URL may not be called, before any DNS: its host is a private address or a name for
 * this machine. Null when it may (a host name is checked again once resolved).
 */
export function refusedTarget(url: URL, allowPrivate: boolean): string | null {
  if (allowPrivate) return null;
  const literal = literalAddressOf(url.hostname);
  if (literal !== null)
    return isPublicAddress(literal) ? null : new RefusedAddress(literal).message;
  if (isLocalName(url.hostname)) return new RefusedAddress(url.hostname).message;
  return null;
}

/** dns.lookup, refusing every answer when any address is not public. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) return callback(new RefusedAddress(`${hostname} (${refused.address})`), '', 0);
    if (options.all)
      return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    return callback(null, first.address, first.family);
  });
};

/** Kept-alive connections, never shared between the two rules (a test runs both). */
const agents = {
  checked: {
    http: new http.Agent({ keepAlive: true }),
    https: new https.Agent({ keepAlive: true }),
  },
  anywhere: {
    http: new http.Agent({ keepAlive: true }),
    https: new https.Agent({ keepAlive: true }),
  },
};

export function postOutbound(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: OutboundOptions,
): Promise<OutboundResult> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.resolve({ ok: false, status: null, error: 'The URL is not valid' });
  }
  const refused = refusedTarget(url, options.allowPrivate);
  if (refused) return Promise.resolve({ ok: false, status: null, error: refused });
  const client = url.protocol === 'https:' ? https : http;
  const pool = options.allowPrivate ? agents.anywhere : agents.checked;
  const agent = url.protocol === 'https:' ? pool.https : pool.http;

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: OutboundResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const req = client.request(url, {
      method: 'POST',
      agent,
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
    });
    const deadline = setTimeout(() => {
      finish({ ok: false, status: null, error: `No answer within ${options.timeoutMs} ms` });
      req.destroy();
    }, options.timeoutMs);
    const onAbort = () => {
      finish({ ok: false, status: null, error: 'Stopped: the server is closing' });
      req.destroy();
    };
    options.signal?.addEventListener('abort', onAbort);
    req.on('error', (err) => {
      finish({ ok: false, status: null, error: describe(err) });
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        // Only the status matters: a receiver that streams on is cut off, not waited for.
        if (received > options.maxResponseBytes) {
          res.destroy();
          settle();
        }
      });
      const settle = () => {
        if (status >= 200 && status < 300) return finish({ ok: true, status });
        const why =
          status >= 300 && status < 400
            ? `Redirect to ${res.headers.location ?? 'elsewhere'} not followed`
            : `HTTP ${status}`;
        return finish({ ok: false, status, error: why });
      };
      res.on('end', settle);
      res.on('error', settle);
      res.on('close', settle);
    });
    req.end(body);
  });
}

function describe(err: Error): string {
  if (err instanceof RefusedAddress) return err.message;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The host name does not resolve';
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (code === 'ECONNRESET') return 'Connection reset';
  return err.message || String(code ?? err);
}
