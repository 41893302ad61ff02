import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { CurrentUser } from '../../../common/schemas/member.ts';

/**
 * The one rule that narrows reads by client: a client user sees only their own client,
 * that client's manifests and items; staff see everything. Services build it once from
 * the current user (scopeOf) and hand it to the repositories, which filter in SQL
 * (inScope), so a record outside the scope is simply "not found".
 */
export type Scope = { kind: 'all' } | { kind: 'client'; clientId: string };

/** Staff, and the server's own reads inside a write: nothing is narrowed. */
export const EVERYTHING: Scope = { kind: 'all' };

export function scopeOf(user: Pick<CurrentUser, 'client_id'>): Scope {
  return user.client_id === null ? EVERYTHING : { kind: 'client', clientId: user.client_id };
}

/** The scope as a condition on a column holding a client id ("1 = 1" for everything). */
export function inScope(scope: Scope, column: string): RawBuilder<SqlBool> {
  return scope.kind === 'all'
    ? sql<SqlBool>`1 = 1`
    : sql<SqlBool>`${sql.ref(column)} = ${scope.clientId}`;
}

/**
 * The same rule for a row already read, where the answer is shaped rather than refused
 * (an item is public, but a client user reading another client's gets the public shape).
 */
export function covers(scope: Scope, clientId: string | null): boolean {
  return scope.kind === 'all' || clientId === scope.clientId;
}

/** The client a scope narrows to, as a query parameter (null: everything). */
export function scopeClientId(scope: Scope): string | null {
  return scope.kind === 'all' ? null : scope.clientId;
}

/**
 * `inScope` with the client as a bound parameter, for queries built once and run with
 * any scope (compiled-query.ts): a joined row shows only within the caller's scope.
 */
export function shownTo(clientId: string | null, column: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(CAST(${clientId} AS text) IS NULL OR ${sql.ref(column)} = CAST(${clientId} AS text))`;
}
