import type { FastifyRequest } from 'fastify';

/**
 * Paths whose next segment is a secret: a password-reset or email-verification token is
 * as good as the password while it lives, and logs are kept longer and read by more
 * people than the database (docs/decisions.md, Security).
 */
const SECRET_SEGMENT = /^(\/api\/reset|\/reset-password|\/verify-email)\/[^/?#]+/i;

export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENT, '$1/[redacted]');
}

/** Fastify's default request fields, with the URL redacted. */
export const requestLogSerializers = {
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: redactUrl(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
};
