import type { FastifyInstance } from 'fastify';
import { authApi } from '../../../common/api/auth.ts';
import { route } from '../../http/route.ts';
import {
  clearSessionCookie,
  startSession,
  untilEveryInstanceHeard,
} from '../../plugins/session.ts';
import { sessionRepo } from './session.repo.ts';
import * as auth from './auth.service.ts';

export function registerAuthRoutes(app: FastifyInstance): void {
  route(app, authApi.login, async ({ body, req, reply }) => {
    const user = await auth.login(app, body.username, body.password, req.ip);
    // A session that came in with the request is replaced, never reused (fixation).
    if (req.sessionHash) await sessionRepo.delete(app.db, req.sessionHash);
    await startSession(app, reply, user.id);
    return user;
  });

  route(app, authApi.logout, async ({ req, reply }) => {
    if (req.sessionHash) await sessionRepo.delete(app.db, req.sessionHash);
    await untilEveryInstanceHeard(app);
    clearSessionCookie(app, reply);
    return { ok: true as const };
  });

  route(app, authApi.me, async ({ user }) => user);

  route(app, authApi.verifyEmail, async ({ body }) => {
    await auth.verifyEmail(app, body.token);
    return { ok: true as const };
  });

  route(app, authApi.resendVerification, async ({ user }) => {
    if (!user.email_verified) await auth.sendVerificationEmail(app, user);
    return { ok: true as const };
  });

  route(app, authApi.forgot, async ({ body, req }) =>
    auth.forgotPassword(app, body.username, req.ip),
  );

  route(app, authApi.resetInfo, async ({ params }) => auth.resetInfo(app, params.token));

  route(app, authApi.reset, async ({ params, body, req, reply }) => {
    const user = await auth.resetPassword(
      app,
      params.token,
      body.username,
      body.newPassword,
      req.ip,
    );
    await startSession(app, reply, user.id);
    return user;
  });
}
