import type { FastifyInstance } from 'fastify';
import { membersApi } from '../../../common/api/auth.ts';
import { route } from '../../http/route.ts';
import { startSession, untilEveryInstanceHeard } from '../../plugins/session.ts';
import * as members from './members.service.ts';

export function registerMemberRoutes(app: FastifyInstance): void {
  route(app, membersApi.list, async () => members.listMembers(app));

  route(app, membersApi.create, async ({ body, user }) =>
    members.createMember(
      app,
      {
        email: body.username,
        password: body.password,
        is_admin: body.is_admin,
        client_id: body.client_id,
      },
      user,
    ),
  );

  route(app, membersApi.remove, async ({ params, user }) => {
    await members.deleteMember(app, params.id, user);
    await untilEveryInstanceHeard(app);
    return { ok: true as const };
  });

  route(app, membersApi.changeOwnPassword, async ({ body, user, req, reply }) => {
    await members.changeOwnPassword(app, user, {
      currentPassword: body.current_password,
      newPassword: body.password,
      address: req.ip,
    });
    // Every session ended with the change; this device carries on with a new one.
    await startSession(app, reply, user.id);
    return user;
  });

  route(app, membersApi.changePassword, async ({ params, body, user, expectedVersion }) => {
    await members.changePassword(app, params.id, body.password, user, expectedVersion);
    await untilEveryInstanceHeard(app);
    return { ok: true as const };
  });
}
