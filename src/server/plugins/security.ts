import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../errors.ts';
import { bearerSecretOf } from '../modules/tokens/bearer.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The Content-Security-Policy allows only our own origin. 'wasm-unsafe-eval' lets the
 * scanner compile its WebAssembly decoder (served from our own origin); blob: and data:
 * images cover upload previews and generated QR codes.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The hooks below take Fastify's callback form, not `async`: they wait for nothing, and an
 * async hook costs every request a promise and a turn of the microtask queue (each answer
 * runs them; docs/decisions.md, "The item GET at a million items").
 */
export function registerSecurity(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
    if (app.config.secureCookies) {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (req.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });

  // CSRF: a state-changing request from a browser must come from our own origin.
  const ownOrigins = originsOf(app.config.publicUrl);
  app.addHook('onRequest', (req, _reply, done) => {
    // A bearer token is sent on purpose, never attached by a browser to another site's
    // request (that would need our CORS consent, which we never give): no CSRF to fear.
    if (SAFE_METHODS.has(req.method) || bearerSecretOf(req) !== null) return done();
    if (!isOwnRequest(req, ownOrigins)) {
      return done(forbidden('Requests from another site are not accepted.'));
    }
    done();
  });
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * PUBLIC_URL's origin (scheme, host and port), never the request's Host header, which
 * the sender chooses. A local install answers on every loopback name at its port.
 */
function originsOf(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (LOOPBACK.has(url.hostname)) {
    for (const name of LOOPBACK) {
      origins.add(`${url.protocol}//${name}${url.port ? `:${url.port}` : ''}`);
    }
  }
  return origins;
}

/**
 * Browsers send Origin on every cross-site (and same-origin) POST/PUT/DELETE; without one,
 * Sec-Fetch-Site still tells a cross-site request apart. A request with neither is not a
 * browser's (curl, scripts) and carries no ambient cookie a site could abuse.
 */
function isOwnRequest(req: FastifyRequest, ownOrigins: Set<string>): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) return ownOrigins.has(origin.toLowerCase());
  const site = req.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}
