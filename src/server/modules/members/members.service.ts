import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { CurrentUser, Member } from '../../../common/schemas/member.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound, staleVersion } from '../../errors.ts';
import type { ExpectedVersion } from '../../db/versioning.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import { entityActivity, type Actor } from '../activity/activity.repo.ts';
import { checkPassword, sendVerificationEmail } from '../auth/auth.service.ts';
import { sessionRepo } from '../auth/session.repo.ts';
import { tokenRepo } from '../auth/token.repo.ts';
import { assertReferencesExist } from '../catalog/references.ts';
import { refreshSearchForReference } from '../items/search.repo.ts';
import { isUniqueViolation } from '../catalog/named.repo.ts';
import { membersRepo, toCurrentUser } from './members.repo.ts';

/** A member's feed entries are named by their email. */
const memberActivity = (
  trx: Transaction<Database>,
  actor: Actor | null,
  member: { id: string; email: string },
  action: 'CREATE' | 'UPDATE' | 'DELETE',
) => entityActivity(trx, 'MEMBER', actor, { id: member.id, name: member.email }, action);

type MemberRow = NonNullable<Awaited<ReturnType<typeof membersRepo.findWithClientName>>>;

function toMember(row: MemberRow): Member {
  return {
    ...toCurrentUser(row),
    client_name: row.client_name,
    version: row.version,
    created_at: row.created_at,
  };
}

export async function listMembers(app: FastifyInstance): Promise<Member[]> {
  const rows = await membersRepo.listWithClientNames(app.db, app.dialect);
  return rows.map(toMember);
}

/** About 80 bits from the ids alphabet: long enough to be safe, short enough to type. */
export function randomPassword(): string {
  return newId(16);
}

const emailTaken = () => conflict('A member with this email already exists.', 'email_taken');

/**
 * Runs a transaction that inserts a member. The email check inside it cannot see a
 * concurrent, uncommitted insert on PostgreSQL; the unique index catches that one, and
 * it gets the same 409 instead of a 500.
 */
async function withUniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw isUniqueViolation(err) ? emailTaken() : err;
  }
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
  await withUniqueEmail(() =>
    app.db.transaction().execute(async (trx) => {
      if (await membersRepo.findByEmail(trx, input.email)) throw emailTaken();
      await assertReferencesExist(trx, { client_id: input.client_id });
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
      await memberActivity(trx, actor, { id, email: input.email }, 'CREATE');
    }),
  );
  const row = await membersRepo.findWithClientName(app.db, id);
  if (!row) throw notFound('Member');
  const member = toMember(row);
  if (!input.verified) {
    await sendVerificationEmail(app, member).catch((err: unknown) =>
      app.log.error({ err }, 'could not send the verification email'),
    );
  }
  return member;
}

/**
 * Moves a staff member between admin and staff (single sign-on's role claim). Client users
 * are left alone, and the last admin stays one, as with deleting.
 */
export async function setMemberAdmin(
  app: FastifyInstance,
  id: string,
  isAdmin: boolean,
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const adminIds = await membersRepo.lockAdminIds(trx, app.dialect);
    const target = await membersRepo.findById(trx, id);
    if (!target || target.client_id) return;
    if (!isAdmin && adminIds.includes(id) && adminIds.length <= 1) return;
    const now = nowIso();
    if (isAdmin) await membersRepo.setAdmin(trx, id, now);
    else await membersRepo.demoteAdmin(trx, id, now);
    await memberActivity(trx, null, target, 'UPDATE');
  });
}

export async function deleteMember(
  app: FastifyInstance,
  id: string,
  actor: CurrentUser,
): Promise<void> {
  if (id === actor.id) throw conflict('You cannot delete yourself.', 'self_delete');
  await app.db.transaction().execute(async (trx) => {
    // Lock the admins first: the check below must still hold when the delete commits.
    const adminIds = await membersRepo.lockAdminIds(trx, app.dialect);
    const target = await membersRepo.findById(trx, id);
    if (!target) throw notFound('Member');
    if (adminIds.includes(target.id) && adminIds.length <= 1) {
      throw conflict('The last admin cannot be deleted.', 'last_admin');
    }
    await membersRepo.delete(trx, id);
    // Items this member scanned last no longer show (or match) their email.
    await refreshSearchForReference(trx, { user_id: id });
    await memberActivity(trx, actor, target, 'DELETE');
  });
}

/**
 * Changing a password ends every session of that member and spends their unused reset
 * links (a link mailed before the change must not undo it). With `expected`, a 409
 * carrying the member as they are now when they changed since that version.
 */
export async function changePassword(
  app: FastifyInstance,
  id: string,
  password: string,
  actor: Actor,
  expected?: ExpectedVersion,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const now = nowIso();
  await app.db.transaction().execute(async (trx) => {
    const target = await membersRepo.findById(trx, id);
    if (!target) throw notFound('Member');
    if (!(await membersRepo.setPassword(trx, id, passwordHash, now, expected))) {
      const latest = await membersRepo.findWithClientName(trx, id);
      throw latest ? staleVersion('Member', toMember(latest)) : notFound('Member');
    }
    await tokenRepo.invalidateForUser(trx, id, now, 'reset');
    await sessionRepo.deleteAllForUser(trx, id);
    await memberActivity(trx, actor, target, 'UPDATE');
  });
}

/**
 * A member changing their own password proves they know the current one; wrong guesses
 * count against the same limits as logins, so a stolen session cannot try passwords
 * at leisure.
 */
export async function changeOwnPassword(
  app: FastifyInstance,
  user: CurrentUser,
  input: { currentPassword: string; newPassword: string; address: string },
): Promise<void> {
  try {
    await checkPassword(app, user.email, input.currentPassword, input.address);
  } catch (err) {
    if (err instanceof AppError && err.status === 401) {
      throw badRequest('The current password is wrong.', 'wrong_password');
    }
    throw err;
  }
  await changePassword(app, user.id, input.newPassword, user);
}

/**
 * The admin command: makes a new admin with this email, or gives the existing member
 * this password and admin rights and signs them out everywhere. It runs without a
 * server, so it needs only the database of the app.
 */
export async function upsertAdmin(
  app: Pick<FastifyInstance, 'db'>,
  input: { email: string; password: string },
): Promise<{ id: string; created: boolean }> {
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  return withUniqueEmail(() =>
    app.db.transaction().execute(async (trx) => {
      const existing = await membersRepo.findByEmail(trx, input.email);
      if (existing) {
        await membersRepo.setPassword(trx, existing.id, passwordHash, now);
        await membersRepo.setAdmin(trx, existing.id, now);
        await tokenRepo.invalidateForUser(trx, existing.id, now, 'reset');
        await sessionRepo.deleteAllForUser(trx, existing.id);
        await memberActivity(trx, null, existing, 'UPDATE');
        return { id: existing.id, created: false };
      }
      const id = newId();
      // Whoever can run the command controls the server: the address needs no proof.
      await membersRepo.insert(trx, {
        id,
        email: input.email,
        password_hash: passwordHash,
        is_admin: 1,
        client_id: null,
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      });
      await memberActivity(trx, null, { id, email: input.email }, 'CREATE');
      return { id, created: true };
    }),
  );
}

/** Log levels at which a warning reaches the log. */
const WARN_VISIBLE = new Set(['trace', 'debug', 'info', 'warn']);

/**
 * The first admin on an empty database, from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * random password printed once to the log.
 */
export async function ensureFirstAdmin(app: FastifyInstance): Promise<void> {
  if ((await membersRepo.count(app.db)) > 0) return;
  const password = app.config.adminPassword ?? randomPassword();
  try {
    await createMember(
      app,
      { email: app.config.adminEmail, password, is_admin: true, verified: true },
      null,
    );
  } catch (err) {
    // Another instance starting on the same empty database made the admin first.
    if (err instanceof AppError && err.code === 'email_taken') return;
    throw err;
  }
  if (app.config.adminPassword) {
    app.log.info(
      `Created the first admin ${app.config.adminEmail} with the password from ADMIN_PASSWORD.`,
    );
    return;
  }
  const message = `Created the first admin ${app.config.adminEmail} with the password ${password} — it is shown only this once; change it after signing in.`;
  app.log.warn(message);
  // With LOG_LEVEL=error or silent the log would swallow the only copy of the password.
  if (!WARN_VISIBLE.has(app.log.level)) process.stderr.write(`${message}\n`);
}
