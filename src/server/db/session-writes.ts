import {
  AliasNode,
  ColumnNode,
  DeleteQueryNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** The tables a signed-in request's member is read from (sessionRepo.findWithUser). */
const SESSION_TABLES = new Set(['sessions', 'users']);
/**
 * What a session's touch (sessionRepo.touch) sets: it only moves last use and extends the
 * expiry, which the session cache updates itself, so it invalidates nothing. Any other
 * update of a session (an earlier expiry, another start time) does.
 */
const TOUCH_COLUMNS = new Set(['last_seen_at', 'expires_at']);

/**
 * Tells the session cache (plugins/session-cache.ts) at once when a statement of this
 * process updates or deletes sessions or members, whichever code path sends it: sign-out,
 * sign-out everywhere, a password change or reset, a role or client change, a removal, the
 * purge, a test's direct write. It fires as the statement is sent, before its transaction
 * commits; other processes are told by the database itself (migration 027's triggers on
 * PostgreSQL, SQLite's data_version). Inserts change nothing a cached session holds.
 */
export class SessionWrites implements KyselyPlugin {
  private readonly listeners = new Set<() => void>();

  /** Calls `listener` on each such write; returns the function that stops it. */
  onWrite(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (changesSessions(node)) for (const listener of this.listeners) listener();
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

function changesSessions(node: RootOperationNode): boolean {
  if (DeleteQueryNode.is(node)) return node.from.froms.some(isSessionTable);
  if (!UpdateQueryNode.is(node) || !node.table || !isSessionTable(node.table)) return false;
  const columns = (node.updates ?? []).map((u) => (ColumnNode.is(u.column) ? u.column : null));
  const isTouch =
    tableName(node.table) === 'sessions' &&
    columns.every((c) => c !== null && TOUCH_COLUMNS.has(c.column.name));
  return !isTouch;
}

const isSessionTable = (node: OperationNode) => SESSION_TABLES.has(tableName(node) ?? '');

function tableName(node: OperationNode): string | undefined {
  const table = AliasNode.is(node) ? node.node : node;
  return TableNode.is(table) ? table.table.identifier.name : undefined;
}
