import type { CurrentUser } from '../../../common/schemas/member.ts';

/**
 * The one rule that narrows catalog reads: a client user sees only their
 * own client and that client's manifests; staff see everything. Returns the client id
 * the caller is confined to, or undefined when they are not confined. Repositories take
 * this value and filter by it, so a record outside the scope is simply "not found".
 */
export function confinedClientId(user: Pick<CurrentUser, 'client_id'>): string | undefined {
  return user.client_id ?? undefined;
}
