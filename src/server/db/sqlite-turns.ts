import type {
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  TransactionSettings,
} from 'kysely';

/**
 * The handles of this process on one SQLite file take turns: one query or transaction at a
 * time across all of them, as Kysely's driver already does within one handle. Two handles
 * on one file in one process (two app instances in a test, a CLI command's app beside its
 * own handle) otherwise interleave their transactions at every await on one thread. When one
 * writes while the other's open transaction holds the write lock, SQLite's busy handler
 * sleeps on the very thread that would have to finish that transaction, and fails with
 * "database is locked" after 5 s; when the other committed in between, the write fails at
 * once (SQLITE_BUSY_SNAPSHOT). Other processes on the file still meet SQLite's own locks.
 */
class Turns {
  private busy = false;
  private readonly waiting: (() => void)[] = [];
  private readonly key: string;

  constructor(key: string) {
    this.key = key;
  }

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
    if (next) return next();
    this.busy = false;
    turnsByFile.delete(this.key);
  }
}

const turnsByFile = new Map<string, Turns>();

function turnsOf(file: string): Turns {
  let turns = turnsByFile.get(file);
  if (!turns) {
    turns = new Turns(file);
    turnsByFile.set(file, turns);
  }
  return turns;
}

/** The dialect with its driver taking turns with the process's other handles on `file`. */
export function takingTurns(dialect: Dialect, file: string): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new TurnTakingDriver(dialect.createDriver(), file),
  };
}

class TurnTakingDriver implements Driver {
  // Not parameter properties: Node runs the server's TypeScript by stripping types only.
  private readonly inner: Driver;
  private readonly file: string;

  constructor(inner: Driver, file: string) {
    this.inner = inner;
    this.file = file;
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const turns = turnsOf(this.file);
    const wait = turns.take();
    if (wait) await wait;
    try {
      return await this.inner.acquireConnection();
    } catch (error) {
      turns.give();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      turnsByFile.get(this.file)?.give();
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
