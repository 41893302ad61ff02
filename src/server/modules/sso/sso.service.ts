import type { FastifyInstance } from 'fastify';
import type { SsoErrorCode } from '../../../common/sso.ts';
import { nowIso } from '../../lib/ids.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { EVERYTHING } from '../catalog/scope.ts';
import { namedRepo } from '../catalog/named.repo.ts';
import { membersRepo } from '../members/members.repo.ts';
import { createMember, randomPassword, setMemberAdmin } from '../members/members.service.ts';
import { rateLimitRepo } from '../auth/rate-limit.repo.ts';
import type { OidcConfig } from '../../config.ts';
import { ProviderError, type OidcClient, type VerifiedIdentity } from './oidc.client.ts';
import { ssoRepo } from './sso.repo.ts';

/** How long a browser may spend at the identity provider before its sign-in is void. */
const PENDING_TTL_MS = 10 * 60 * 1000;
/** Each start stores a row, so anonymous callers get a bounded number of them per address. */
export const MAX_SSO_STARTS_PER_ADDRESS = 30;
const START_WINDOW_MS = 15 * 60 * 1000;

/** A sign-in refused for a reason the page explains (common/sso.ts has the sentences). */
export class SsoRefusal extends Error {
  readonly code: SsoErrorCode;

  constructor(code: SsoErrorCode, detail?: string) {
    super(detail ?? code);
    this.code = code;
  }
}

/** Keeps the PKCE verifier, nonce and return path under the state's hash; answers where to go. */
export async function startSignIn(
  app: FastifyInstance,
  client: OidcClient,
  returnTo: string,
  address: string,
): Promise<string> {
  const now = Date.now();
  const starts = await rateLimitRepo.hit(
    app.db,
    `sso:address:${address}`,
    new Date(now).toISOString(),
    new Date(now + START_WINDOW_MS).toISOString(),
  );
  if (starts > MAX_SSO_STARTS_PER_ADDRESS) throw new SsoRefusal('rate_limited');
  const begun = await client.begin().catch(providerRefusal);
  await ssoRepo.create(app.db, {
    state_hash: hashSecret(begun.state),
    code_verifier: begun.codeVerifier,
    nonce: begun.nonce,
    return_to: returnTo,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + PENDING_TTL_MS).toISOString(),
  });
  return begun.url;
}

/**
 * Spends the state (a second use of the same callback finds nothing), has the code traded
 * and the ID token verified, then finds the member by verified email, creating one only
 * when OIDC_AUTO_CREATE says so. Answers the member's id and where to go.
 */
export async function finishSignIn(
  app: FastifyInstance,
  client: OidcClient,
  settings: OidcConfig,
  callbackUrl: URL,
): Promise<{ userId: string; returnTo: string }> {
  const state = callbackUrl.searchParams.get('state');
  if (!state) throw new SsoRefusal('expired');
  const pending = await ssoRepo.take(app.db, hashSecret(state), nowIso());
  if (!pending) throw new SsoRefusal('expired');
  if (callbackUrl.searchParams.has('error')) throw new SsoRefusal('cancelled');
  const identity = await client
    .finish(callbackUrl, {
      state,
      nonce: pending.nonce,
      codeVerifier: pending.code_verifier,
    })
    .catch(providerRefusal);
  const userId = await memberFor(app, settings, identity);
  return { userId, returnTo: pending.return_to };
}

async function memberFor(
  app: FastifyInstance,
  settings: OidcConfig,
  identity: VerifiedIdentity,
): Promise<string> {
  // An unverified email could be anyone's: never match or create a member by it.
  if (!identity.email || !identity.emailVerified) throw new SsoRefusal('email_unverified');
  const mapped = mappedRole(settings, identity.claims);
  const existing = await membersRepo.findByEmail(app.db, identity.email);
  if (existing) {
    await applyMappedRole(app, existing, mapped);
    return existing.id;
  }
  const auto = settings.autoCreate;
  if (!auto) throw new SsoRefusal('unknown_member', identity.email);
  let clientId: string | null = null;
  if (auto.role === 'client') {
    const clients = await namedRepo('clients').list(app.db, app.dialect, EVERYTHING);
    const client = clients.find((c) => c.name === auto.clientName);
    if (!client) {
      app.log.error(`OIDC_AUTO_CREATE names the client "${auto.clientName}", which does not exist`);
      throw new SsoRefusal('unknown_member', identity.email);
    }
    clientId = client.id;
  }
  const member = await createMember(
    app,
    {
      email: identity.email,
      password: randomPassword(),
      is_admin: clientId === null && mapped === 'admin',
      client_id: clientId,
      verified: true,
    },
    null,
  );
  return member.id;
}

/** The strongest role the role claim's values map to: admin over staff; null when none maps. */
export function mappedRole(
  settings: OidcConfig,
  claims: Record<string, unknown>,
): 'admin' | 'staff' | null {
  if (!settings.roleClaim) return null;
  const raw = claims[settings.roleClaim.claim];
  const values = (Array.isArray(raw) ? raw : [raw]).filter(
    (v): v is string => typeof v === 'string',
  );
  const roles = values.map((v) => settings.roleClaim!.roles.get(v));
  if (roles.includes('admin')) return 'admin';
  if (roles.includes('staff')) return 'staff';
  return null;
}

/**
 * With a role claim, the provider decides between admin and staff at every sign-in. Client
 * users are never promoted by it, and the last admin is never demoted (members.service).
 */
async function applyMappedRole(
  app: FastifyInstance,
  member: { id: string; is_admin: number; client_id: string | null },
  mapped: 'admin' | 'staff' | null,
): Promise<void> {
  if (!mapped || member.client_id) return;
  const isAdmin = member.is_admin === 1;
  if ((mapped === 'admin') === isAdmin) return;
  await setMemberAdmin(app, member.id, mapped === 'admin');
}

function providerRefusal(err: unknown): never {
  if (err instanceof ProviderError) throw new SsoRefusal('provider', err.message);
  throw err;
}
