import type { FastifyInstance, FastifyReply } from 'fastify';
import { safeRedirect } from '../../../common/safe-redirect.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { SESSION_COOKIE, startSession } from '../../plugins/session.ts';
import { sessionRepo } from '../auth/session.repo.ts';
import { oidcClient } from './oidc.client.ts';
import { finishSignIn, SsoRefusal, startSignIn } from './sso.service.ts';

export const SSO_START_PATH = '/sso/start';
export const SSO_CALLBACK_PATH = '/sso/callback';

/**
 * Sign-in with the OpenID Connect provider (docs/decisions.md, "Single sign-on"): two
 * browser navigations outside /api, like /scan/…, since each answers with a redirect, not
 * JSON. GET /sso/start?redirect=/path sends the browser to the provider; the provider sends
 * it back to GET /sso/callback, which signs the member in and opens the path. A refusal
 * opens /login?sso_error=<code>, where the page says why.
 */
export function registerSsoRoutes(app: FastifyInstance): void {
  const settings = app.config.oidc;
  if (!settings) return;
  const client = oidcClient(settings, `${app.config.publicUrl}${SSO_CALLBACK_PATH}`);

  const refused = (reply: FastifyReply, err: unknown) => {
    if (!(err instanceof SsoRefusal)) throw err;
    app.log.warn({ sso: err.code, detail: err.message }, 'single sign-on refused');
    return reply.redirect(`/login?sso_error=${err.code}`, 303);
  };

  app.get<{ Querystring: { redirect?: string } }>(SSO_START_PATH, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      const url = await startSignIn(app, client, safeRedirect(req.query.redirect), req.ip);
      return reply.redirect(url, 303);
    } catch (err) {
      return refused(reply, err);
    }
  });

  app.get(SSO_CALLBACK_PATH, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      // The address the provider sent the browser to, on our public origin (never the Host header).
      const callbackUrl = new URL(req.url, app.config.publicUrl);
      const { userId, returnTo } = await finishSignIn(app, client, settings, callbackUrl);
      // A session that came with the browser is replaced, never reused (fixation).
      const cookie = req.cookies[SESSION_COOKIE];
      if (cookie) await sessionRepo.delete(app.db, hashSecret(cookie));
      await startSession(app, reply, userId);
      return reply.redirect(returnTo, 303);
    } catch (err) {
      return refused(reply, err);
    }
  });
}
