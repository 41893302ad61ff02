import type {
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  TransactionSettings,
} from 'kysely';
import { onePerFile } from './one-per-file.ts';

/**
 * The handles of this process on one SQLite file take turns: one query or transaction at a
 * time across all of them, as Kysely's driver already does within one handle. Two handles
 * on one file in one process (two app instances in the tests, as behind a load balancer)
 * otherwise interleave their transactions at every await on one thread. When one writes
 * while the other's open transaction holds the write lock, SQLite's busy handler sleeps on
 * the very thread that would have to finish that transaction, and fails with "database is
 * locked" after 5 s; when the other committed in between, the write fails at once
 * (SQLITE_BUSY_SNAPSHOT). Other processes on the file still meet SQLite's own locks.
 */
class Turns {
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  /** Nothing to wait for when the file is free (the usual case: no extra turn of the loop). */
  take(): Promise<void> | undefined {
    if (!this.busy) {
      this.busy = true;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }
}

const turnsOf = onePerFile(() => new Turns());

/**
 * The dialect with its driver taking turns with the process's other handles on `file`
 * (its real path, so two spellings of one file share their turns).
 */
export function takingTurns(dialect: Dialect, file: string): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new TurnTakingDriver(dialect.createDriver(), turnsOf(file)),
  };
}

class TurnTakingDriver implements Driver {
  // Not parameter properties: Node runs the server's TypeScript by stripping types only.
  private readonly inner: Driver;
  private readonly turns: Turns;
  /**
   * Whether this handle has the file's turn. A release without it (one-transaction.ts lends
   * a call's connection, and work that outlives the call may release it again) gives back
   * nothing, so it can never hand another handle's turn to a third.
   */
  private holding = false;

  constructor(inner: Driver, turns: Turns) {
    this.inner = inner;
    this.turns = turns;
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const wait = this.turns.take();
    if (wait) await wait;
    try {
      const connection = await this.inner.acquireConnection();
      this.holding = true;
      return connection;
    } catch (error) {
      this.turns.give();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      if (this.holding) {
        this.holding = false;
        this.turns.give();
      }
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }
}
