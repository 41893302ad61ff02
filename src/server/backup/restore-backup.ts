/* eslint-disable @typescript-eslint/no-explicit-any -- tables are written by name */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Kysely } from 'kysely';
import { knownMigrations, migrateToLatest } from '../db/migrate.ts';
import { decodeValue, FILES_DIR, type BackupManifest, type TableEntry } from './format.ts';
import { backupError } from './files.ts';
import { readBackup } from './read-backup.ts';
import { isUploadKey, UPLOADS_DIR, type FileStorage } from '../lib/storage.ts';
import { storageOf, type BackupSource } from './take-backup.ts';
import { noProgress, type ProgressFactory } from '../lib/progress.ts';
import {
  advanceSequences,
  deferForeignKeys,
  executedMigrations,
  insertRows,
  listTables,
  nonEmptyTables,
  prepareBulkLoad,
  type TableShape,
} from './tables.repo.ts';

export interface RestoreSummary {
  rows: number;
  tables: number;
  files: number;
  /** Migrations newer than the backup, run on the restored data afterwards. */
  upgradedWith: string[];
  /** Columns of the other engine's own that the target has no place for. */
  skippedColumns: string[];
}

const ROWS_PER_BATCH = 2000;

/**
 * Loads the backup in `folder` into the empty database and data folder of `target`.
 * Everything is checked before anything is written (checksums, schema version, that the
 * database is empty, that no different file sits where an upload goes); then all rows go
 * in one transaction, and the files are moved into place just before it commits. An
 * older backup is loaded at its own schema and then brought up to date by the
 * migrations it lacks, exactly as an upgrade of that instance would have done.
 */
export async function restoreBackup(
  folder: string,
  target: BackupSource,
  log: (line: string) => void = () => {},
  progress: ProgressFactory = noProgress,
): Promise<RestoreSummary> {
  const root = path.resolve(folder);
  const manifest = await readBackup(root);
  const { db, dialect } = target.database;
  const anyDb = db as Kysely<any>;

  const known = new Set(knownMigrations());
  const unknown = manifest.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0) {
    throw backupError(
      `This backup was taken by a newer Yardkeep (its database has run ${unknown.join(', ')}, ` +
        'which this version does not know). Restore it with that version or a later one.',
    );
  }
  const inBackup = new Set(manifest.migrations);
  const ahead = (await executedMigrations(anyDb, dialect)).filter((m) => !inBackup.has(m));
  if (ahead.length > 0) {
    throw backupError(
      `The target database has already run migrations the backup predates (${ahead.join(', ')}). ` +
        'Restore into a new, empty database: the restore migrates it itself.',
    );
  }
  const filled = await nonEmptyTables(anyDb, await listTables(anyDb, dialect));
  if (filled.length > 0) {
    throw backupError(
      `The target database is not empty (${filled.join(', ')} hold rows). ` +
        'Restore only into an empty database, so nothing in it is overwritten.',
    );
  }
  const storage = storageOf(target);
  const toPlace = await filesToPlace(root, manifest, storage);

  const placed: string[] = [];
  try {
    await migrateToLatest(target.database, inBackup);
    // Files go into the store (folder or bucket) before the rows that name them: a failure
    // removes them again, and a crash at worst leaves unreferenced files (the orphan sweep
    // takes them), never rows without files.
    const filesDone = progress('Restoring files', toPlace.length, 'files');
    for (const file of toPlace) {
      await storage.put(file.key, await fs.promises.readFile(file.from));
      placed.push(file.key);
      filesDone.advance();
    }
    filesDone.finish();

    const plan = planTables(manifest, await listTables(anyDb, dialect), dialect);

    let rows = 0;
    const finishBulkLoad = await prepareBulkLoad(anyDb, dialect);
    try {
      await anyDb.transaction().execute(async (trx) => {
        const checkForeignKeys = await deferForeignKeys(trx, dialect);
        const total = plan.tables.reduce((sum, t) => sum + t.entry.rows, 0);
        const rowsDone = progress('Restoring rows', total, 'rows');
        for (const { entry, columns } of plan.tables) {
          rows += await loadTable(trx, root, entry, columns, dialect, (n) => rowsDone.advance(n));
          log(`  ${entry.name}: ${entry.rows} rows`);
        }
        rowsDone.finish();
        await advanceSequences(trx, dialect);
        await checkForeignKeys();
      });
    } finally {
      // Only settings and statistics: never let them hide what went wrong in the load.
      await finishBulkLoad().catch(() => {});
    }
    const before = new Set(await executedMigrations(anyDb, dialect));
    await migrateToLatest(target.database);
    const upgradedWith = (await executedMigrations(anyDb, dialect)).filter((m) => !before.has(m));
    return {
      rows,
      tables: plan.tables.length,
      files: manifest.files.length,
      upgradedWith,
      skippedColumns: plan.skippedColumns,
    };
  } catch (error) {
    for (const key of placed) await storage.delete(key).catch(() => {});
    throw error;
  }
}

interface PlacedFile {
  from: string;
  /** Its key in the store: the name under files/uploads/. */
  key: string;
}

/** Where each backed-up file goes; refuses when a file is already stored under its key. */
async function filesToPlace(
  root: string,
  manifest: BackupManifest,
  storage: FileStorage,
): Promise<PlacedFile[]> {
  const prefix = `${FILES_DIR}/${UPLOADS_DIR}/`;
  const placed: PlacedFile[] = [];
  for (const entry of manifest.files) {
    if (!entry.path.startsWith(prefix)) {
      throw backupError(`The manifest lists a file outside ${prefix}: ${entry.path}.`);
    }
    const key = entry.path.slice(prefix.length);
    if (!isUploadKey(key)) {
      throw backupError(`The manifest lists a file that is not an upload: ${entry.path}.`);
    }
    if (await storage.head(key)) {
      throw backupError(
        `${key} already exists in ${storage.location}: restore into an empty data folder ` +
          'or bucket, so no file is overwritten.',
      );
    }
    placed.push({ from: path.join(root, entry.path), key });
  }
  return placed;
}

interface TablePlan {
  tables: Array<{ entry: TableEntry; columns: string[] }>;
  skippedColumns: string[];
}

/**
 * Matches the backup's tables and columns to the migrated target. Both are at the same
 * migrations, so they match, except for a column one engine keeps for itself (SQLite's
 * rowid key of the search table): that is left out when moving between engines.
 */
function planTables(
  manifest: BackupManifest,
  targetTables: TableShape[],
  targetEngine: 'sqlite' | 'postgres',
): TablePlan {
  const byName = new Map(targetTables.map((t) => [t.name, t]));
  const plan: TablePlan = { tables: [], skippedColumns: [] };
  for (const entry of manifest.tables) {
    const table = byName.get(entry.name);
    if (!table) {
      throw backupError(
        `The backup has a table ${entry.name} that this database does not have after migrating.`,
      );
    }
    const columns: string[] = [];
    for (const column of entry.columns) {
      if (table.columns.includes(column)) columns.push(column);
      else plan.skippedColumns.push(`${entry.name}.${column}`);
    }
    plan.tables.push({ entry, columns });
  }
  if (plan.skippedColumns.length > 0 && manifest.engine === targetEngine) {
    throw backupError(
      `The backup has columns this database does not have: ${plan.skippedColumns.join(', ')}.`,
    );
  }
  return plan;
}

async function loadTable(
  trx: Kysely<any>,
  root: string,
  entry: TableEntry,
  columns: string[],
  dialect: 'sqlite' | 'postgres',
  loaded: (rows: number) => void,
): Promise<number> {
  const lines = readline.createInterface({
    input: fs.createReadStream(path.join(root, entry.file), { highWaterMark: 1 << 20 }),
    crlfDelay: Infinity,
  });
  let batch: unknown[][] = [];
  let count = 0;
  for await (const line of lines) {
    count++;
    let row: Record<string, unknown>;
    try {
      row = JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw backupError(`${entry.file}, row ${count}, is not valid JSON.`);
    }
    batch.push(
      columns.map((column) => {
        if (!(column in row)) throw backupError(`${entry.file}, row ${count}, lacks ${column}.`);
        return decodeValue(row[column], dialect);
      }),
    );
    if (batch.length === ROWS_PER_BATCH) {
      await insertRows(trx, entry.name, columns, batch);
      loaded(batch.length);
      batch = [];
    }
  }
  if (batch.length > 0) await insertRows(trx, entry.name, columns, batch);
  loaded(batch.length);
  return count;
}
