import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type TransactionSettings,
} from 'kysely';

/**
 * One transaction around several: inside inOneTransaction(), the first transaction a
 * service opens begins a real one, every later query of that call runs on its connection,
 * and each service transaction becomes a savepoint (its rollback still undoes only its own
 * work). The real transaction commits when the call ends. The idempotency store uses it so
 * a write and its stored answer commit together (docs/decisions.md, "Idempotency answers in
 * the write's transaction"). Queries before the first transaction run as usual, so a
 * request holds no connection while it only reads or works outside the database.
 * A service that acts once its transaction has committed (deleting the files of deleted
 * images) must not run inside a call: there "committed" is only a released savepoint. No
 * idempotent route does so today (item and image deletion take no Idempotency-Key).
 */
interface Held {
  connection: DatabaseConnection;
  savepoints: number;
}

interface Call {
  held: Map<Driver, Held>;
  /** Set once the call has ended: late async work started in it runs as usual. */
  ended: boolean;
}

const current = new AsyncLocalStorage<Call>();

export async function inOneTransaction<T>(run: () => Promise<T>): Promise<T> {
  const call: Call = { held: new Map(), ended: false };
  let result: T;
  try {
    result = await current.run(call, run);
  } catch (error) {
    await end(call, 'rollback');
    throw error;
  }
  await end(call, 'commit');
  return result;
}

async function end(call: Call, how: 'commit' | 'rollback'): Promise<void> {
  call.ended = true;
  const held = [...call.held];
  // The pool may hand the same connection to work the call started and left running.
  call.held.clear();
  for (const [driver, { connection }] of held) {
    try {
      if (how === 'commit') await driver.commitTransaction(connection);
      else await driver.rollbackTransaction(connection);
    } finally {
      await driver.releaseConnection(connection);
    }
  }
}

/** The dialect with its driver made aware of inOneTransaction(). */
export function withOneTransaction(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new OneTransactionDriver(dialect.createDriver()),
  };
}

class OneTransactionDriver implements Driver {
  // Not a parameter property: Node runs the server's TypeScript by stripping types only.
  private readonly inner: Driver;

  constructor(inner: Driver) {
    this.inner = inner;
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  /** The connection this call holds on this driver, if any. */
  private held(): Held | undefined {
    const call = current.getStore();
    return call && !call.ended ? call.held.get(this.inner) : undefined;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const held = this.held();
    return held ? lend(held.connection) : this.inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // The held connection is released when the call ends, by the call alone: a lent one
    // released after that (work the call left running) would release it twice, handing
    // a connection or a turn (sqlite-turns.ts) still in use by someone else to a third.
    if (lentConnections.has(connection) || this.held()?.connection === connection) return;
    await this.inner.releaseConnection(connection);
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    const call = current.getStore();
    if (!call || call.ended) return this.inner.beginTransaction(realOf(connection), settings);
    let held = call.held.get(this.inner);
    if (!held) {
      await this.inner.beginTransaction(connection, settings);
      held = { connection, savepoints: 0 };
      call.held.set(this.inner, held);
    }
    held.savepoints += 1;
    await run(connection, `savepoint yk_one_${held.savepoints}`);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const held = this.held();
    if (held?.connection !== realOf(connection)) {
      return this.inner.commitTransaction(realOf(connection));
    }
    await run(connection, `release savepoint yk_one_${held.savepoints}`);
    held.savepoints -= 1;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const held = this.held();
    if (held?.connection !== realOf(connection)) {
      return this.inner.rollbackTransaction(realOf(connection));
    }
    await run(connection, `rollback to savepoint yk_one_${held.savepoints}`);
    await run(connection, `release savepoint yk_one_${held.savepoints}`);
    held.savepoints -= 1;
  }
}

/**
 * What a query of a call gets when the call already holds a connection: that connection
 * under another name, so that its release is known for what it is (releaseConnection).
 */
const lentConnections = new WeakMap<DatabaseConnection, DatabaseConnection>();

function lend(connection: DatabaseConnection): DatabaseConnection {
  const lent: DatabaseConnection = {
    executeQuery: (query) => connection.executeQuery(query),
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
  lentConnections.set(lent, connection);
  return lent;
}

const realOf = (connection: DatabaseConnection) => lentConnections.get(connection) ?? connection;

/** Whether this code runs inside inOneTransaction() and the call holds a connection. */
export function holdsOneTransaction(): boolean {
  const call = current.getStore();
  return call !== undefined && !call.ended && call.held.size > 0;
}

/**
 * Runs `start` outside any call, so the timers and callbacks it sets up (a background
 * worker nudged by a write) never borrow a call's connection or transaction.
 */
export function outsideOneTransaction<T>(start: () => T): T {
  return current.exit(start);
}

async function run(connection: DatabaseConnection, statement: string): Promise<void> {
  await connection.executeQuery(CompiledQuery.raw(statement));
}
