import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { ActivityAction } from '../../../common/schemas/activity.ts';
import {
  DEFAULT_TOKEN_DAYS,
  TOKEN_PREFIX,
  type ApiToken,
  type CreatedToken,
  type ServiceTokenRole,
  type TokenScope,
} from '../../../common/schemas/api-token.ts';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import { roleOf } from '../../../common/permissions.ts';
import { badRequest, notFound } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashSecret, newSecret } from '../../lib/secrets.ts';
import { entityActivity, type Actor } from '../activity/activity.repo.ts';
import { assertReferencesExist } from '../catalog/references.ts';
import { tokensRepo, type TokenListRow } from './tokens.repo.ts';
import type { Database } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function toApiToken(row: TokenListRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    scope: row.scope,
    role: row.role,
    client_id: row.client_id,
    client_name: row.client_name,
    created_at: row.created_at,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    last_used_address: row.last_used_address,
  };
}

/** `yk_` and 256 random bits: the prefix lets secret scanners and our log redaction find one. */
function newTokenSecret(): string {
  return `${TOKEN_PREFIX}${newSecret()}`;
}

function expiryOf(days: number | null, now: number): string | null {
  return days === null ? null : new Date(now + days * DAY_MS).toISOString();
}

interface NewToken {
  name: string;
  kind: 'personal' | 'service';
  scope: TokenScope;
  userId: string | null;
  role: ServiceTokenRole | null;
  clientId: string | null;
  expiresInDays: number | null;
}

/** Writes the token (its hash only) and its CREATE entry together; the secret leaves once. */
async function issue(app: FastifyInstance, actor: Actor, input: NewToken): Promise<CreatedToken> {
  const id = newId();
  const secret = newTokenSecret();
  const now = Date.now();
  await app.db.transaction().execute(async (trx) => {
    if (input.clientId) await assertReferencesExist(trx, { client_id: input.clientId });
    await tokensRepo.insert(trx, {
      id,
      token_hash: hashSecret(secret),
      name: input.name,
      kind: input.kind,
      user_id: input.userId,
      role: input.role,
      client_id: input.clientId,
      scope: input.scope,
      created_at: new Date(now).toISOString(),
      expires_at: expiryOf(input.expiresInDays, now),
      last_used_at: null,
      last_used_address: null,
    });
    await tokenActivity(trx, { id, name: input.name, kind: input.kind }, actor, 'CREATE');
  });
  const row = await tokensRepo.findListed(app.db, id);
  if (!row) throw notFound('Token');
  return { ...toApiToken(row), token: secret };
}

/** Records an action on a token in the activity log: TOKEN or SERVICE_TOKEN by its kind. */
export async function tokenActivity(
  trx: Transaction<Database>,
  token: { id: string; name: string; kind: 'personal' | 'service' },
  actor: Actor | null,
  action: ActivityAction,
  detail?: string,
): Promise<void> {
  const type = token.kind === 'service' ? ('SERVICE_TOKEN' as const) : ('TOKEN' as const);
  await entityActivity(trx, type, actor, { id: token.id, name: token.name }, action, detail);
}

/**
 * A member's own token, at most their role (it reads their role on every request), and
 * expiring after 90 days unless they choose; only admins may make one that never expires.
 */
export async function createPersonalToken(
  app: FastifyInstance,
  user: CurrentUser,
  input: { name: string; scope: TokenScope; expires_in_days?: number | null | undefined },
): Promise<CreatedToken> {
  const days = input.expires_in_days === undefined ? DEFAULT_TOKEN_DAYS : input.expires_in_days;
  if (days === null && roleOf(user) !== 'admin') {
    throw badRequest('Only admins can make a token that never expires.', 'invalid_input');
  }
  return issue(app, user, {
    name: input.name,
    kind: 'personal',
    scope: input.scope,
    userId: user.id,
    role: null,
    clientId: null,
    expiresInDays: days,
  });
}

/** A token for an integration, belonging to no one: staff, or a client user of one client. */
export async function createServiceToken(
  app: FastifyInstance,
  admin: CurrentUser,
  input: {
    name: string;
    role: ServiceTokenRole;
    client_id?: string | undefined;
    scope: TokenScope;
    expires_in_days?: number | null | undefined;
  },
): Promise<CreatedToken> {
  if (input.role === 'client' && !input.client_id) {
    throw badRequest('A client token needs a client.', 'invalid_input');
  }
  if (input.role === 'staff' && input.client_id) {
    throw badRequest('A staff token belongs to no client.', 'invalid_input');
  }
  return issue(app, admin, {
    name: input.name,
    kind: 'service',
    scope: input.scope,
    userId: null,
    role: input.role,
    clientId: input.client_id ?? null,
    expiresInDays: input.expires_in_days ?? null,
  });
}

export async function listTokens(app: FastifyInstance, userId: string | null): Promise<ApiToken[]> {
  return (await tokensRepo.list(app.db, userId)).map(toApiToken);
}

/** What a token calling GET /tokens sees: itself, and nothing of its member's other tokens. */
export async function listOnlyToken(app: FastifyInstance, tokenId: string): Promise<ApiToken[]> {
  const row = await tokensRepo.findListed(app.db, tokenId);
  return row ? [toApiToken(row)] : [];
}

/**
 * Deletes the row, so the next request with the token, on any instance, finds nothing
 * (401). A member revokes only their own tokens; another's id is simply not found.
 */
export async function revokeToken(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  ownerId: string | null,
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const deleted = await tokensRepo.delete(trx, id, ownerId);
    if (!deleted) throw notFound('Token');
    await tokenActivity(trx, deleted, actor, 'REVOKE');
  });
}
