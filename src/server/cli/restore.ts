import { restoreBackup } from '../backup/restore-backup.ts';
import { describe, parseFolderArgs } from './backup.ts';
import {
  argumentsOrExit,
  commandIo,
  isEntryPoint,
  openConfiguredDatabase,
  type CommandOptions,
} from './cli-kit.ts';

export const USAGE = `Usage: npm run restore -- <folder>

Loads the backup in <folder> (made by \`npm run backup\`) into an empty database and
data folder: DATABASE_URL, or the SQLite file in DATA_DIR; uploads go to DATA_DIR/uploads.
A database that holds anything is refused, so nothing is overwritten. Every checksum is
verified before anything is written, and the rows go in in one transaction.

A backup of SQLite restores into PostgreSQL and back: this is how to move an instance.
A backup from an older version is brought up to date by the newer migrations.`;

export type RestoreCommandOptions = CommandOptions & { dataDir?: string };

/** The whole command; returns the exit code, so tests can run it without a process. */
export async function runRestoreCommand(
  argv: string[],
  options: RestoreCommandOptions = {},
): Promise<number> {
  const io = commandIo(options);
  const args = argumentsOrExit(parseFolderArgs(argv), USAGE, io);
  if (typeof args === 'number') return args;

  let database = options.database;
  let dataDir = options.dataDir;
  try {
    if (!database || !dataDir) {
      const opened = openConfiguredDatabase(options.env ?? process.env, io);
      database = opened.database;
      dataDir = opened.dataDir;
    }
    const started = performance.now();
    io.out(`Restoring ${args.folder} ...`);
    const summary = await restoreBackup(args.folder, { database, dataDir }, io.out);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    io.out(
      `Done in ${seconds} s: ${summary.rows} rows in ${summary.tables} tables, ` +
        `${summary.files} files.`,
    );
    if (summary.upgradedWith.length > 0) {
      io.out(`Brought up to date with ${summary.upgradedWith.join(', ')}.`);
    }
    if (summary.skippedColumns.length > 0) {
      io.out(`Left out (the other engine's own): ${summary.skippedColumns.join(', ')}.`);
    }
    return 0;
  } catch (error) {
    io.err(`The restore failed, nothing was changed: ${describe(error)}`);
    return 1;
  } finally {
    if (database && !options.database) await database.db.destroy();
  }
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await runRestoreCommand(process.argv.slice(2));
}
