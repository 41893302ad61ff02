import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase, type DbHandle } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { progressOn, type ProgressFactory } from '../lib/progress.ts';
import { openStorage } from '../lib/open-storage.ts';
import type { FileStorage } from '../lib/storage.ts';

/** What every command accepts, so tests can run it in-process on a test database. */
export interface CommandOptions {
  /** The environment to read DATA_DIR and DATABASE_URL from; process.env by default. */
  env?: NodeJS.ProcessEnv;
  /** An open database to use (and leave open) instead of the configured one. */
  database?: DbHandle;
  out?: (line: string) => void;
  err?: (line: string) => void;
  /** Progress of long steps; a bar or lines on stderr by default (cli/progress.ts). */
  progress?: ProgressFactory;
}

export interface CommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
  progress: ProgressFactory;
}

export function commandIo(options: CommandOptions): CommandIo {
  return {
    out: options.out ?? ((line) => process.stdout.write(`${clearBar()}${line}\n`)),
    err: options.err ?? ((line) => process.stderr.write(`${clearBar()}${line}\n`)),
    progress: options.progress ?? progressOn(),
  };
}

/**
 * On a terminal, a line printed while a progress bar is drawn (cli/progress.ts) first wipes
 * the bar; the bar comes back below it at its next redraw.
 */
function clearBar(): string {
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  return '';
}

/** The parsed arguments, or the exit code after printing the usage (--help) or the mistake. */
export function argumentsOrExit<T extends object>(
  parsed: T | { help: true } | { error: string },
  usage: string,
  io: CommandIo,
): T | number {
  if ('help' in parsed) {
    io.out(usage);
    return 0;
  }
  if ('error' in parsed) {
    io.err(`${parsed.error}\n\n${usage}`);
    return 1;
  }
  return parsed;
}

type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

/**
 * node:util's parseArgs as every command uses it: strict, with --help (-h). A mistake
 * comes back as `{ error }` and --help as `{ help: true }`, ready for argumentsOrExit.
 * `V` is the shape of the values the options declare.
 */
export function parseCommandArgs<V extends object>(
  argv: string[],
  options: OptionSpec,
  allowPositionals = false,
): { values: V; positionals: string[] } | { help: true } | { error: string } {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals,
    });
    if (values.help) return { help: true };
    return { values: values as V, positionals };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Runs a command's work on the server's database (or the one given), migrated first. A
 * failure is printed as "The {name} command failed: …" and exits 1; a database the
 * command opened is closed again. `dataDir` is known only when the command opened it.
 */
export async function runOnDatabase(
  options: CommandOptions,
  io: CommandIo,
  name: string,
  work: (database: DbHandle, dataDir: string | undefined) => Promise<number>,
): Promise<number> {
  let database = options.database;
  let dataDir: string | undefined;
  try {
    if (!database) ({ database, dataDir } = openConfiguredDatabase(options.env ?? process.env, io));
    await migrateToLatest(database);
    return await work(database, dataDir);
  } catch (error) {
    io.err(`The ${name} command failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    if (database && !options.database) await database.db.destroy();
  }
}

/**
 * The server's database, from DATA_DIR and DATABASE_URL only: an unrelated mistake in the
 * server's environment must not stop an operator. Prints which database, never its password.
 */
export function openConfiguredDatabase(
  env: NodeJS.ProcessEnv,
  io: CommandIo,
): { database: DbHandle; dataDir: string } {
  const config = loadConfig({ DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL });
  const database = openDatabase(config);
  io.out(
    `Database: ${
      database.dialect === 'postgres'
        ? 'PostgreSQL (DATABASE_URL)'
        : `SQLite in ${path.join(config.dataDir, 'yardkeep.sqlite')}`
    }`,
  );
  return { database, dataDir: config.dataDir };
}

/**
 * The server's file store, from STORAGE_URL and the AWS_* credentials (the uploads folder
 * in `dataDir` when unset), like openConfiguredDatabase reads only what it needs.
 */
export function configuredStorage(env: NodeJS.ProcessEnv, dataDir: string): FileStorage {
  const config = loadConfig({
    DATA_DIR: dataDir,
    STORAGE_URL: env.STORAGE_URL,
    AWS_ACCESS_KEY_ID: env.AWS_ACCESS_KEY_ID,
    AWS_SECRET_ACCESS_KEY: env.AWS_SECRET_ACCESS_KEY,
  });
  return openStorage(config);
}

/** True when the module at `moduleUrl` is the script node was started with. */
export function isEntryPoint(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return fs.realpathSync(entry) === fs.realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
