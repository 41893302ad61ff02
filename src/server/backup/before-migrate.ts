import fs from 'node:fs';
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
  keep = DEFAULT_BACKUP_KEEP,
  now = new Date(),
): Promise<MigrationBackup | null> {
  const executed = new Set(await executedMigrations(source.database.db, source.database.dialect));
  if (executed.size === 0) return null;
  const pending = knownMigrations().filter((m) => !executed.has(m));
  if (pending.length === 0) return null;
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const backups = path.join(source.dataDir, BACKUPS_DIR);
  const folder = path.join(backups, `${stamp}-before-${pending[0]}`);
  try {
    await takeBackup(source, folder);
  } catch (error) {
    throw new Error(
      `Not migrating: the backup before migrating failed (${(error as Error).message}).`,
      { cause: error },
    );
  }
  pruneMigrationBackups(backups, keep);
  return { folder, pending };
}

export const DEFAULT_BACKUP_KEEP = 5;
const BACKUPS_DIR = 'backups';
/** The folders backupBeforeMigrating makes: `<ISO time with - for : and .>-before-<migration>`. */
const AUTOMATIC = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-before-[a-z0-9_]+$/;

/**
 * Keeps the newest `keep` automatic backups (BACKUP_KEEP) and removes the older ones. Only
 * folders named as this module names them are touched: an operator's own backups put
 * into the same folder stay. Their names start with the time, so they sort by age.
 */
export function pruneMigrationBackups(backups: string, keep: number): string[] {
  if (!fs.existsSync(backups)) return [];
  const automatic = fs
    .readdirSync(backups, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && AUTOMATIC.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const removed = automatic.slice(0, Math.max(0, automatic.length - keep));
  for (const name of removed) fs.rmSync(path.join(backups, name), { recursive: true, force: true });
  return removed;
}
