import type { FastifyInstance } from 'fastify';
import type { CurrentUser, Member } from '../../../common/schemas/member.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import { recordActivity, type Actor } from '../activity/activity.repo.ts';
import { sendVerificationEmail } from '../auth/auth.service.ts';
import { sessionRepo } from '../auth/session.repo.ts';
import { membersRepo, toCurrentUser } from './members.repo.ts';

export async function listMembers(app: FastifyInstance): Promise<Member[]> {
  const rows = await membersRepo.listWithClientNames(app.db);
  return rows.map((row) => ({
    ...toCurrentUser(row),
    client_name: row.client_name,
    created_at: row.created_at,
  }));
}

export interface NewMemberInput {
  email: string;
  password: string;
  is_admin?: boolean | undefined;
  client_id?: string | null | undefined;
  /** The first admin and CLI-made admins are trusted; invited members verify by email. */
  verified?: boolean;
}

export async function createMember(
  app: FastifyInstance,
  input: NewMemberInput,
  actor: Actor | null,
): Promise<Member> {
  if (input.is_admin && input.client_id) {
    throw badRequest('A client user cannot be an admin.');
  }
  const passwordHash = await hashPassword(input.password);
  const id = newId();
  const now = nowIso();
  await app.db.transaction().execute(async (trx) => {
    if (await membersRepo.findByEmail(trx, input.email)) {
      throw conflict('A member with this email already exists.', 'email_taken');
    }
    if (input.client_id && !(await membersRepo.clientExists(trx, input.client_id))) {
      throw badRequest('That client does not exist.');
    }
    await membersRepo.insert(trx, {
      id,
      email: input.email,
      password_hash: passwordHash,
      is_admin: input.is_admin ? 1 : 0,
      client_id: input.client_id ?? null,
      email_verified_at: input.verified ? now : null,
      created_at: now,
      updated_at: now,
    });
    await recordActivity(trx, {
      type: 'MEMBER',
      action: 'CREATE',
      actor,
      sourceId: id,
      ref: { name: input.email, id },
    });
  });
  const member = (await listMembers(app)).find((m) => m.id === id);
  if (!member) throw notFound('Member');
  if (!input.verified) {
    await sendVerificationEmail(app, member).catch((err: unknown) =>
      app.log.error({ err }, 'could not send the verification email'),
    );
  }
  return member;
}

export async function deleteMember(
  app: FastifyInstance,
  id: string,
  actor: CurrentUser,
): Promise<void> {
  if (id === actor.id) throw conflict('You cannot delete yourself.', 'self_delete');
  await app.db.transaction().execute(async (trx) => {
    const target = await membersRepo.findById(trx, id);
    if (!target) throw notFound('Member');
    if (target.is_admin && !target.client_id && (await membersRepo.countAdmins(trx)) <= 1) {
      throw conflict('The last admin cannot be deleted.', 'last_admin');
    }
    await membersRepo.delete(trx, id);
    await recordActivity(trx, {
      type: 'MEMBER',
      action: 'DELETE',
      actor,
      sourceId: id,
      ref: { name: target.email, id },
    });
  });
}

/** Changing a password ends every session of that member. */
export async function changePassword(
  app: FastifyInstance,
  id: string,
  password: string,
  actor: Actor,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const now = nowIso();
  await app.db.transaction().execute(async (trx) => {
    const target = await membersRepo.findById(trx, id);
    if (!target) throw notFound('Member');
    await membersRepo.setPassword(trx, id, passwordHash, now);
    await sessionRepo.deleteAllForUser(trx, id);
    await recordActivity(trx, {
      type: 'MEMBER',
      action: 'UPDATE',
      actor,
      sourceId: id,
      ref: { name: target.email, id },
    });
  });
}

/**
 * The first admin on an empty database, from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * random password printed once to the log.
 */
export async function ensureFirstAdmin(app: FastifyInstance): Promise<void> {
  if ((await membersRepo.count(app.db)) > 0) return;
  const password = app.config.adminPassword ?? newId(16);
  await createMember(
    app,
    { email: app.config.adminEmail, password, is_admin: true, verified: true },
    null,
  );
  if (app.config.adminPassword) {
    app.log.info(
      `Created the first admin ${app.config.adminEmail} with the password from ADMIN_PASSWORD.`,
    );
  } else {
    app.log.warn(
      `Created the first admin ${app.config.adminEmail} with the password ${password} — it is shown only this once; change it after signing in.`,
    );
  }
}
