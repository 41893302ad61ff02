import path from 'node:path';
import { knownMigrations } from '../db/migrate.ts';
import { takeBackup, type BackupSource } from './take-backup.ts';
import { executedMigrations } from './tables.repo.ts';

export interface MigrationBackup {
  folder: string;
  pending: string[];
}

/**
 * Before an upgrade migrates an existing database, a backup of it as it is, so a failed or
 * unwanted upgrade can be rolled back by restoring it with the previous version. A fresh
 * database (nothing migrated yet) and an up-to-date one need none: returns null.
 */
export async function backupBeforeMigrating(
  source: BackupSource,
  now = new Date(),
): Promise<MigrationBackup | null> {
  const executed = new Set(await executedMigrations(source.database.db, source.database.dialect));
  if (executed.size === 0) return null;
  const pending = knownMigrations().filter((m) => !executed.has(m));
  if (pending.length === 0) return null;
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const folder = path.join(source.dataDir, 'backups', `${stamp}-before-${pending[0]}`);
  try {
    await takeBackup(source, folder);
  } catch (error) {
    throw new Error(
      `Not migrating: the backup before migrating failed (${(error as Error).message}).`,
      { cause: error },
    );
  }
  return { folder, pending };
}
