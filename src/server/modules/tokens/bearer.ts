import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenScope } from '../../../common/schemas/api-token.ts';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import { rateLimited, unauthorized } from '../../errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { rateLimitRepo } from '../auth/rate-limit.repo.ts';
import { toCurrentUser } from '../members/members.repo.ts';
import { tokensRepo, type TokenWithMember } from './tokens.repo.ts';
import { tokenActivity } from './tokens.service.ts';

/** The API token a request came with, once it was found valid. */
export interface RequestToken {
  id: string;
  kind: 'personal' | 'service';
  scope: TokenScope;
}

/**
 * The identity a service token acts under: not a member, so it never becomes an item's
 * last scanner (a column that points at members), and its feed entries name the token.
 */
export const SERVICE_ACTOR_PREFIX = 'svc_';
export const isServiceActor = (user: { id: string } | null): boolean =>
  user !== null && user.id.startsWith(SERVICE_ACTOR_PREFIX);

/** Last use is written at most once a minute, unless the address changed (then always). */
const TOUCH_EVERY_MS = 60 * 1000;
const RATE_WINDOW_MS = 60 * 1000;
const REFUSED = 'This API token is invalid, expired or revoked.';

/**
 * The token in `Authorization: Bearer …`, if the request sent one. Other schemes (a
 * reverse proxy's Basic auth) are not ours and are left alone.
 */
export function bearerSecretOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer[ ]+(\S*)\s*$/i.exec(header);
  return match ? (match[1] ?? '') : null;
}

/**
 * The caller behind a bearer token, looked up in the database on every request (no
 * cache: a revoked token is refused at once on every instance). A token that is unknown,
 * revoked or expired is a 401; past its per-minute limit a 429.
 */
export async function authenticateBearer(
  app: FastifyInstance,
  secret: string,
  address: string,
): Promise<{ user: CurrentUser; token: RequestToken }> {
  const found = secret ? await tokensRepo.findByHash(app.db, hashSecret(secret)) : undefined;
  const now = Date.now();
  if (!found || (found.expires_at !== null && Date.parse(found.expires_at) <= now)) {
    throw unauthorized(REFUSED);
  }
  const user = actingUser(found);
  // A personal token whose member is gone went with them (cascade); this is belt and braces.
  if (!user) throw unauthorized(REFUSED);
  const windowEndsAt = new Date(now + RATE_WINDOW_MS).toISOString();
  const used = await rateLimitRepo.hit(app.db, `token:${found.id}`, nowIso(), windowEndsAt);
  if (used > app.config.apiTokenRequestsPerMinute) {
    throw rateLimited('Too many requests with this API token. Please wait a minute.');
  }
  await recordUse(app, found, user, address, now);
  return { user, token: { id: found.id, kind: found.kind, scope: found.scope } };
}

/** A personal token acts as its member (their role today); a service token as its role. */
function actingUser(found: TokenWithMember): CurrentUser | null {
  if (found.kind === 'personal') {
    if (!found.user_id || found.email === null) return null;
    return toCurrentUser({
      id: found.user_id,
      email: found.email,
      is_admin: found.is_admin ?? 0,
      client_id: found.client_id,
      email_verified_at: found.email_verified_at,
    });
  }
  return {
    id: `${SERVICE_ACTOR_PREFIX}${found.id}`,
    email: `${found.name} (service token)`,
    is_admin: false,
    client_id: found.role === 'client' ? found.token_client_id : null,
    email_verified: true,
  };
}

/**
 * Last use and address; a use from another address than the last one is a feed entry,
 * written in the same transaction as the new address.
 */
async function recordUse(
  app: FastifyInstance,
  found: TokenWithMember,
  user: CurrentUser,
  address: string,
  now: number,
): Promise<void> {
  const at = new Date(now).toISOString();
  if (found.last_used_address === address) {
    if (found.last_used_at && now - Date.parse(found.last_used_at) < TOUCH_EVERY_MS) return;
    await tokensRepo.touch(app.db, found.id, at, address);
    return;
  }
  await app.db.transaction().execute(async (trx) => {
    await tokensRepo.touch(trx, found.id, at, address);
    await tokenActivity(trx, found, user, 'USE', `from ${address}`);
  });
}
