import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { tightenFolder } from '../lib/private-folder.ts';
import { withStatementCache } from './statement-cache.ts';
import { withPreparedStatements } from './pg-prepared.ts';
import { withOneTransaction } from './one-transaction.ts';
import { takingTurns } from './sqlite-turns.ts';
import { onePerFile } from './one-per-file.ts';
import { SessionWrites } from './session-writes.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The SQLite database file, which read workers open too (read-pool.ts). */
  file?: string;
  /** This handle's updates and deletes of sessions and members (the session cache's cue). */
  sessionWrites?: SessionWrites;
  /** PostgreSQL: where the session cache opens its listening connection. */
  databaseUrl?: string;
  /**
   * SQLite: a number that changes whenever another connection (another process, another
   * handle) commits to the file; this connection's own commits leave it as it was.
   * The handles of one process on one file share their `sessionWrites`.
   */
  dataVersion?: () => number;
}

export interface DbConfig {
  databaseUrl: string | undefined;
  dataDir: string;
}

/** PostgreSQL when DATABASE_URL is postgres://, otherwise an SQLite file under DATA_DIR. */
export function openDatabase(config: DbConfig): DbHandle {
  if (config.databaseUrl && /^postgres(ql)?:\/\//.test(config.databaseUrl)) {
    // COUNT(*) and friends come back as int8; ours stay far below 2^53.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection the server closes (a PostgreSQL restart, a failover, an admin ending
    // backends) is reported on the pool; unheard, that 'error' event would end the process.
    // The pool has already dropped that client and opens a new one for the next query.
    pool.on('error', (err) => {
      console.warn(`PostgreSQL closed an idle connection; it will reconnect: ${err.message}`);
    });
    const sessionWrites = new SessionWrites();
    return {
      db: new Kysely<Database>({
        dialect: withOneTransaction(new PostgresDialect({ pool: withPreparedStatements(pool) })),
        plugins: [sessionWrites],
      }),
      dialect: 'postgres',
      sessionWrites,
      databaseUrl: config.databaseUrl,
    };
  }
  const file = sqliteFile(config.dataDir);
  createPrivately(config.dataDir, file);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // FULL: every commit is fsynced before the answer goes out, so an acknowledged write
  // survives a killed process and a power cut alike (see docs/decisions.md, Backups).
  sqlite.pragma('synchronous = FULL');
  const realFile = fs.realpathSync(file);
  // One per file in this process: each handle's session cache hears the others' writes at
  // once, as its own (the session cache then needs data_version only for other processes).
  const sessionWrites = sessionWritesOf(realFile);
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  return {
    db: new Kysely<Database>({
      dialect: withOneTransaction(
        takingTurns(new SqliteDialect({ database: withStatementCache(sqlite) }), realFile),
      ),
      plugins: [sessionWrites],
    }),
    dialect: 'sqlite',
    file,
    sessionWrites,
    dataVersion: () => dataVersion.get() as number,
  };
}

const sessionWritesOf = onePerFile(() => new SessionWrites());

export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'yardkeep.sqlite');
}

/**
 * The data folder holds password hashes and sessions: owner-only (0700, files 0600),
 * also when an older version left it world-readable. SQLite gives its -wal and -shm files
 * the database file's mode, so the file is created 0600 before SQLite opens it.
 */
function createPrivately(dataDir: string, file: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tightenFolder(dataDir);
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    if (fs.existsSync(f)) fs.chmodSync(f, 0o600);
  }
}
