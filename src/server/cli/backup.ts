import { takeBackup, type BackupSource } from '../backup/take-backup.ts';
import { AppError } from '../errors.ts';
import type { FileStorage } from '../lib/storage.ts';
import {
  argumentsOrExit,
  commandIo,
  configuredStorage,
  type CommandIo,
  isEntryPoint,
  openConfiguredDatabase,
  parseCommandArgs,
  type CommandOptions,
} from './cli-kit.ts';

export const USAGE = `Usage: npm run backup -- <folder>

Writes a consistent backup of the database and the uploaded files into <folder> (new or
empty) while the server keeps running: manifest.json, one file per table (tables/*.ndjson)
and the uploads (files/uploads/), with row counts and sha256 checksums.

Restore it with \`npm run restore -- <folder>\`, into SQLite or PostgreSQL alike.

It uses the same database as the server: DATABASE_URL, or the SQLite file in DATA_DIR;
uploads are read from the same store as the server's: the bucket of STORAGE_URL, or
DATA_DIR/uploads when it is unset.`;

type Parsed = { help: true } | { folder: string } | { error: string };

export function parseFolderArgs(argv: string[]): Parsed {
  const parsed = parseCommandArgs(argv, {}, true);
  if (!('values' in parsed)) return parsed;
  const { positionals } = parsed;
  if (positionals.length !== 1) return { error: 'Name one folder.' };
  return { folder: positionals[0]! };
}

/** The whole command; returns the exit code, so tests can run it without a process. */
export async function runBackupCommand(
  argv: string[],
  options: FolderCommandOptions = {},
): Promise<number> {
  return runFolderCommand(argv, options, USAGE, 'The backup failed', async (source, folder, io) => {
    const started = performance.now();
    io.out(`Backing up into ${folder} ...`);
    const manifest = await takeBackup(source, folder, io.out, io.progress);
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    io.out(
      `Done in ${secondsSince(started)} s: ${rows} rows in ${manifest.tables.length} tables, ` +
        `${manifest.files.length} files.`,
    );
    if (manifest.missingFiles.length > 0) {
      io.err(
        `Warning: ${manifest.missingFiles.length} uploaded files named in the database were ` +
          `deleted while the backup ran: ${manifest.missingFiles.join(', ')}`,
      );
    }
  });
}

/** Backup and restore: one folder argument, the server's database, DATA_DIR and file store. */
export type FolderCommandOptions = CommandOptions & { dataDir?: string; storage?: FileStorage };

export async function runFolderCommand(
  argv: string[],
  options: FolderCommandOptions,
  usage: string,
  failure: string,
  action: (source: BackupSource, folder: string, io: CommandIo) => Promise<void>,
): Promise<number> {
  const io = commandIo(options);
  const args = argumentsOrExit(parseFolderArgs(argv), usage, io);
  if (typeof args === 'number') return args;

  let database = options.database;
  let dataDir = options.dataDir;
  try {
    if (!database || !dataDir) {
      const opened = openConfiguredDatabase(options.env ?? process.env, io);
      database = opened.database;
      dataDir = opened.dataDir;
    }
    const storage = options.storage ?? configuredStorage(options.env ?? process.env, dataDir);
    await action({ database, dataDir, storage }, args.folder, io);
    return 0;
  } catch (error) {
    io.err(`${failure}: ${describe(error)}`);
    return 1;
  } finally {
    if (database && !options.database) await database.db.destroy();
  }
}

export const secondsSince = (started: number) => ((performance.now() - started) / 1000).toFixed(1);

export function describe(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await runBackupCommand(process.argv.slice(2));
}
