import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../errors.ts';

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

export function registerSecurity(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply) => {
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
  });

  // CSRF: a state-changing request that says where it comes from must come from us.
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method)) return;
    const origin = req.headers.origin;
    if (origin === undefined) return; // not a browser form or fetch from another site
    if (!isOwnOrigin(origin, req, app.config.publicUrl)) {
      throw forbidden('Requests from another site are not accepted.');
    }
  });
}

/** Our origin is PUBLIC_URL's, or the very host the browser addressed (same-origin). */
function isOwnOrigin(origin: string, req: FastifyRequest, publicUrl: string): boolean {
  if (origin === new URL(publicUrl).origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}
