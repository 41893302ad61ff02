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
const RESET_WINDOW_MS = 15 * 60 * 1000;
export const MAX_RESET_ATTEMPTS_PER_ADDRESS = 20;
const FORGOT_WINDOW_MS = 60 * 60 * 1000;
export const MAX_RESET_EMAILS_PER_HOUR = 3;
const MAX_FORGOT_REQUESTS_PER_ADDRESS = 20;
const VERIFY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;
const WRONG_CREDENTIALS = 'Wrong email or password.';

const windowEnd = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * Every attempt is counted before the password is checked, atomically, so a burst of
 * concurrent guesses gets no more checks than the limit (docs/decisions.md, Security).
 * A success takes its attempt back from the address and clears the account's count.
 * Wrong email or password: 401; over a limit: 429.
 */
export async function checkPassword(
  app: FastifyInstance,
  email: string,
  password: string,
  address: string,
) {
  const db = app.db;
  const now = nowIso();
  const windowEndsAt = windowEnd(LOGIN_WINDOW_MS);
  const accountKey = `login:account:${email}`;
  const addressKey = `login:address:${address}`;
  // The address first: a blocked address must not run up other people's account counts.
  if ((await rateLimitRepo.hit(db, addressKey, now, windowEndsAt)) > MAX_FAILURES_PER_ADDRESS) {
    throw rateLimited();
  }
  if ((await rateLimitRepo.hit(db, accountKey, now, windowEndsAt)) > MAX_FAILURES_PER_ACCOUNT) {
    throw rateLimited();
  }
  const user = await membersRepo.findByEmail(db, email);
  const ok = user
    ? await verifyPassword(user.password_hash, password)
    : (await burnPasswordCheck(password), false);
  if (!user || !ok) throw unauthorized(WRONG_CREDENTIALS);
  await rateLimitRepo.clear(db, accountKey);
  await rateLimitRepo.release(db, addressKey);
  return user;
}

export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
  address: string,
) {
  const user = await checkPassword(app, email, password, address);
  // Refused like a wrong password, so the answer tells nobody which accounts are admins or
  // whether a password was right; the sign-in page says who may use passwords.
  if (!passwordSignInAllowed(app, user)) throw unauthorized(WRONG_CREDENTIALS);
  return toCurrentUser(user);
}

/**
 * PASSWORD_LOGIN (docs/decisions.md, "Single sign-on"): on, everyone; admins, staff admins;
 * off, only the break-glass admin named by ADMIN_EMAIL. The others sign in with the provider.
 */
export function passwordSignInAllowed(
  app: FastifyInstance,
  user: { email: string; is_admin: number; client_id: string | null },
): boolean {
  const mode = app.config.passwordLogin;
  if (mode === 'on' || user.email === app.config.adminEmail) return true;
  return mode === 'admins' && user.is_admin === 1 && user.client_id === null;
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

/**
 * Answers identically whether or not the email is known, and whether or not a mail is
 * sent: at most a few reset mails per email address per hour, and a bounded number of
 * requests per client address, so nobody can flood an inbox through us. The mail goes
 * out in the background.
 */
export async function forgotPassword(
  app: FastifyInstance,
  email: string,
  address: string,
): Promise<{ message: string }> {
  const now = nowIso();
  const windowEndsAt = windowEnd(FORGOT_WINDOW_MS);
  const fromAddress = await rateLimitRepo.hit(
    app.db,
    `forgot:address:${address}`,
    now,
    windowEndsAt,
  );
  const forEmail = await rateLimitRepo.hit(app.db, `forgot:email:${email}`, now, windowEndsAt);
  const allowed =
    fromAddress <= MAX_FORGOT_REQUESTS_PER_ADDRESS && forEmail <= MAX_RESET_EMAILS_PER_HOUR;
  const user = await membersRepo.findByEmail(app.db, email);
  if (user && allowed && passwordSignInAllowed(app, user)) {
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

/**
 * Sets the new password, spends every other token of the user, ends every session of
 * the user and returns them signed in. The token is checked before the (deliberately
 * slow) password hash, and attempts per address are limited, so made-up tokens cost
 * nothing but a lookup.
 */
export async function resetPassword(
  app: FastifyInstance,
  token: string,
  email: string,
  newPassword: string,
  address: string,
) {
  const attempts = await rateLimitRepo.hit(
    app.db,
    `reset:address:${address}`,
    nowIso(),
    windowEnd(RESET_WINDOW_MS),
  );
  if (attempts > MAX_RESET_ATTEMPTS_PER_ADDRESS) throw rateLimited();
  const tokenHash = hashSecret(token);
  const usable = await tokenRepo.findUsable(app.db, tokenHash, 'reset', nowIso());
  if (!usable || usable.email !== email) throw notFound('Reset link');
  const member = await membersRepo.findById(app.db, usable.user_id);
  // A link mailed before password sign-in was switched off for this account no longer works.
  if (!member || !passwordSignInAllowed(app, member)) throw notFound('Reset link');
  const passwordHash = await hashPassword(newPassword);
  const now = nowIso();
  return app.db.transaction().execute(async (trx) => {
    const found = await tokenRepo.findUsable(trx, tokenHash, 'reset', now);
    if (!found || found.email !== email) throw notFound('Reset link');
    if (!(await tokenRepo.consume(trx, tokenHash, now))) throw notFound('Reset link');
    await membersRepo.setPassword(trx, found.user_id, passwordHash, now);
    // Following the emailed link proves the address, too.
    await membersRepo.markVerified(trx, found.user_id, now);
    await tokenRepo.invalidateForUser(trx, found.user_id, now);
    await sessionRepo.deleteAllForUser(trx, found.user_id);
    const user = await membersRepo.findById(trx, found.user_id);
    if (!user) throw notFound('Member');
    return toCurrentUser(user);
  });
}
