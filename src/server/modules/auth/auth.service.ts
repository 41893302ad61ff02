import type { FastifyInstance } from 'fastify';
import { FORGOT_PASSWORD_MESSAGE } from '../../../common/schemas/member.ts';
import { badRequest, notFound, rateLimited, unauthorized } from '../../errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashSecret, newSecret } from '../../lib/secrets.ts';
import { membersRepo, toCurrentUser } from '../members/members.repo.ts';
import { rateLimitRepo } from './rate-limit.repo.ts';
import { sessionRepo } from './session.repo.ts';
import { tokenRepo } from './token.repo.ts';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
const VERIFY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;
const WRONG_CREDENTIALS = 'Wrong email or password.';

export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
  address: string,
) {
  const db = app.db;
  const now = nowIso();
  const accountKey = `login:account:${email}`;
  const addressKey = `login:address:${address}`;
  const [accountFailures, addressFailures] = await Promise.all([
    rateLimitRepo.current(db, accountKey, now),
    rateLimitRepo.current(db, addressKey, now),
  ]);
  if (accountFailures >= MAX_FAILURES_PER_ACCOUNT || addressFailures >= MAX_FAILURES_PER_ADDRESS) {
    throw rateLimited();
  }
  const user = await membersRepo.findByEmail(db, email);
  const ok = user
    ? await verifyPassword(user.password_hash, password)
    : (await burnPasswordCheck(password), false);
  if (!user || !ok) {
    const windowEndsAt = new Date(Date.now() + LOGIN_WINDOW_MS).toISOString();
    await rateLimitRepo.increment(db, accountKey, now, windowEndsAt);
    await rateLimitRepo.increment(db, addressKey, now, windowEndsAt);
    throw unauthorized(WRONG_CREDENTIALS);
  }
  await rateLimitRepo.clear(db, accountKey);
  return toCurrentUser(user);
}

/** Creates a single-use emailed token; only its hash is stored. */
export async function issueToken(
  app: FastifyInstance,
  userId: string,
  purpose: 'verify' | 'reset',
): Promise<string> {
  const secret = newSecret();
  const now = Date.now();
  await tokenRepo.create(app.db, {
    token_hash: hashSecret(secret),
    user_id: userId,
    purpose,
    now: new Date(now).toISOString(),
    expires_at: new Date(now + (purpose === 'verify' ? VERIFY_TTL_MS : RESET_TTL_MS)).toISOString(),
  });
  return secret;
}

export async function sendVerificationEmail(
  app: FastifyInstance,
  user: { id: string; email: string },
): Promise<void> {
  const token = await issueToken(app, user.id, 'verify');
  const link = `${app.config.publicUrl}/verify-email/${token}`;
  await app.mailer.send({
    to: user.email,
    subject: `Verify your email for ${app.config.productName}`,
    text: `Hello,\n\nPlease verify your email address for ${app.config.productName} by opening this link:\n\n${link}\n\nThe link works once and expires in 7 days.\n`,
    link,
  });
}

export async function verifyEmail(app: FastifyInstance, token: string): Promise<void> {
  const tokenHash = hashSecret(token);
  const now = nowIso();
  await app.db.transaction().execute(async (trx) => {
    const found = await tokenRepo.findUsable(trx, tokenHash, 'verify', now);
    if (!found || !(await tokenRepo.consume(trx, tokenHash, now))) {
      throw badRequest('This verification link is invalid or has expired.', 'invalid_token');
    }
    await membersRepo.markVerified(trx, found.user_id, now);
  });
}

/** Answers identically whether or not the email is known; the mail goes out in the background. */
export async function forgotPassword(
  app: FastifyInstance,
  email: string,
): Promise<{ message: string }> {
  const user = await membersRepo.findByEmail(app.db, email);
  if (user) {
    void (async () => {
      const token = await issueToken(app, user.id, 'reset');
      const link = `${app.config.publicUrl}/reset-password/${token}`;
      await app.mailer.send({
        to: user.email,
        subject: `Reset your ${app.config.productName} password`,
        text: `Hello,\n\nSomeone asked to reset the password for ${user.email}. To choose a new password, open:\n\n${link}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this email.\n`,
        link,
      });
    })().catch((err: unknown) => app.log.error({ err }, 'could not send the password reset email'));
  }
  return { message: FORGOT_PASSWORD_MESSAGE };
}

export async function resetInfo(app: FastifyInstance, token: string): Promise<{ email: string }> {
  const found = await tokenRepo.findUsable(app.db, hashSecret(token), 'reset', nowIso());
  if (!found) throw notFound('Reset link');
  return { email: found.email };
}

/** Sets the new password, ends every other session of the user and returns them signed in. */
export async function resetPassword(
  app: FastifyInstance,
  token: string,
  email: string,
  newPassword: string,
) {
  const tokenHash = hashSecret(token);
  const passwordHash = await hashPassword(newPassword);
  const now = nowIso();
  return app.db.transaction().execute(async (trx) => {
    const found = await tokenRepo.findUsable(trx, tokenHash, 'reset', now);
    if (!found || found.email !== email) throw notFound('Reset link');
    if (!(await tokenRepo.consume(trx, tokenHash, now))) throw notFound('Reset link');
    await membersRepo.setPassword(trx, found.user_id, passwordHash, now);
    // Following the emailed link proves the address, too.
    await membersRepo.markVerified(trx, found.user_id, now);
    await sessionRepo.deleteAllForUser(trx, found.user_id);
    const user = await membersRepo.findById(trx, found.user_id);
    if (!user) throw notFound('Member');
    return toCurrentUser(user);
  });
}
