import { restoreBackup } from '../backup/restore-backup.ts';
import { runFolderCommand, secondsSince, type FolderCommandOptions } from './backup.ts';
import { isEntryPoint } from './cli-kit.ts';

export const USAGE = `Usage: npm run restore -- <folder>

Loads the backup in <folder> (made by \`npm run backup\`) into an empty database and
data folder: DATABASE_URL, or the SQLite file in DATA_DIR; uploads go to the bucket of
STORAGE_URL, or to DATA_DIR/uploads when it is unset.
A database that holds anything is refused, so nothing is overwritten. Every checksum is
verified before anything is written, and the rows go in in one transaction.

A backup of SQLite restores into PostgreSQL and back: this is how to move an instance.
A backup from an older version is brought up to date by the newer migrations.`;

/** The whole command; returns the exit code, so tests can run it without a process. */
export async function runRestoreCommand(
  argv: string[],
  options: FolderCommandOptions = {},
): Promise<number> {
  const failure = 'The restore failed, nothing was changed';
  return runFolderCommand(argv, options, USAGE, failure, async (target, folder, io) => {
    const started = performance.now();
    io.out(`Restoring ${folder} ...`);
    const summary = await restoreBackup(folder, target, io.out, io.progress);
    io.out(
      `Done in ${secondsSince(started)} s: ${summary.rows} rows in ${summary.tables} tables, ` +
        `${summary.files} files.`,
    );
    if (summary.upgradedWith.length > 0) {
      io.out(`Brought up to date with ${summary.upgradedWith.join(', ')}.`);
    }
    if (summary.skippedColumns.length > 0) {
      io.out(`Left out (the other engine's own): ${summary.skippedColumns.join(', ')}.`);
    }
  });
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await runRestoreCommand(process.argv.slice(2));
}
