/* eslint-disable @typescript-eslint/no-explicit-any -- the snapshot reads tables by name */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { sqliteFile, type DbHandle } from '../db/connection.ts';
import { keyFromSrc, UPLOADS_DIR, UPLOADS_URL_PREFIX, type FileStorage } from '../lib/storage.ts';
import { dataDirStorage } from '../lib/storage-local.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  encodeValue,
  FILES_DIR,
  MANIFEST_FILE,
  TABLES_DIR,
  type BackupManifest,
  type FileEntry,
  type TableEntry,
} from './format.ts';
import {
  backupError,
  HashedFileWriter,
  PRIVATE_DIR,
  writeFileSynced,
  writeStreamSynced,
} from './files.ts';
import { countRows, executedMigrations, listTables, readRows } from './tables.repo.ts';
import { noProgress, type ProgressFactory } from '../lib/progress.ts';

export interface BackupSource {
  database: DbHandle;
  /** DATA_DIR: the SQLite file (and the uploads folder when no bucket is configured). */
  dataDir: string;
  /** Where the uploads are (STORAGE_URL); the uploads folder in dataDir when not given. */
  storage?: FileStorage;
}

/** The source's file store: the one given, or the uploads folder in its DATA_DIR. */
export const storageOf = (source: BackupSource): FileStorage =>
  source.storage ?? dataDirStorage(source.dataDir);

/**
 * Writes a consistent backup of a running instance into `folder` (new or empty): every
 * table read in one snapshot transaction on its own connection, so the server keeps
 * reading and writing meanwhile, and the uploaded files copied while that snapshot is
 * held. On any failure the folder is left as it was found.
 */
export async function takeBackup(
  source: BackupSource,
  folder: string,
  log: (line: string) => void = () => {},
  progress: ProgressFactory = noProgress,
): Promise<BackupManifest> {
  const target = path.resolve(folder);
  const storage = storageOf(source);
  const uploads = storage.folder;
  if (uploads && isInside(target, uploads)) {
    throw backupError(`The backup folder must be outside the uploads folder (${uploads}).`);
  }
  const created = prepareEmptyFolder(target);
  try {
    const manifest = await withSnapshot(source, async (trx) => {
      const migrations = await executedMigrations(trx, source.database.dialect);
      if (migrations.length === 0) {
        throw backupError('The database has no Yardkeep tables yet: there is nothing to back up.');
      }
      const referenced = new Set<string>();
      const tables: TableEntry[] = [];
      const shapes = await listTables(trx, source.database.dialect);
      const rowsDone = progress('Backing up rows', await countRows(trx, shapes), 'rows');
      for (const table of shapes) {
        const file = `${TABLES_DIR}/${table.name}.ndjson`;
        const writer = new HashedFileWriter(path.join(target, file));
        let rows = 0;
        for await (const batch of readRows(trx, source.database.dialect, table)) {
          let text = '';
          for (const values of batch) {
            const row: Record<string, unknown> = {};
            table.columns.forEach((column, i) => {
              const value = values[i];
              if (typeof value === 'string' && value.startsWith(UPLOADS_URL_PREFIX)) {
                const key = keyFromSrc(value);
                if (key) referenced.add(key);
              }
              row[column] = encodeValue(value);
            });
            text += `${JSON.stringify(row)}\n`;
          }
          writer.write(text);
          rows += batch.length;
          rowsDone.advance(batch.length);
          // Let the server go on between batches when the backup runs inside it.
          await new Promise((resolve) => setImmediate(resolve));
        }
        tables.push({ name: table.name, file, columns: table.columns, rows, ...writer.close() });
        log(`  ${table.name}: ${rows} rows`);
      }
      rowsDone.finish();
      // Files are only ever added or removed, never changed: copied while the snapshot is
      // held, every file a row names is there unless it was deleted in the meantime.
      const files = await copyUploads(storage, path.join(target, FILES_DIR, UPLOADS_DIR), progress);
      const copied = new Set(files.map((f) => path.posix.basename(f.path)));
      const missingFiles = [...referenced]
        .filter((key) => !copied.has(key))
        .map((key) => `${UPLOADS_URL_PREFIX}/${key}`)
        .sort();
      log(`  files: ${files.length}`);
      return {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        engine: source.database.dialect,
        migrations,
        tables,
        files,
        missingFiles,
      } satisfies BackupManifest;
    });
    // Written last: a folder without it is an unfinished backup, never mistaken for one.
    writeFileSynced(path.join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } catch (error) {
    undoFolder(target, created);
    throw error;
  }
}

/**
 * Runs `read` inside one read-only snapshot. SQLite (WAL): a transaction on a connection
 * of its own, so the server's writes go on and none of them is half-seen. PostgreSQL: a
 * REPEATABLE READ READ ONLY transaction.
 */
async function withSnapshot<T>(
  source: BackupSource,
  read: (trx: Kysely<any>) => Promise<T>,
): Promise<T> {
  const { database } = source;
  if (database.dialect === 'postgres') {
    return database.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute((trx) => read(trx as Kysely<any>));
  }
  const file = sqliteFile(source.dataDir);
  if (!fs.existsSync(file)) throw backupError(`There is no database at ${file}.`);
  const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    return await db.transaction().execute((trx) => read(trx));
  } finally {
    await db.destroy();
  }
}

/**
 * Copies every stored upload (folder or bucket, through FileStorage) into the backup,
 * streamed, with each file's checksum. Listing yields only finished uploads (never a
 * half-written `.part`), in the store's order; the manifest lists them sorted. The keys
 * are listed first (cheap next to copying the files, as storage:copy does), so the
 * progress has a total and an estimate.
 */
async function copyUploads(
  storage: FileStorage,
  to: string,
  progress: ProgressFactory,
): Promise<FileEntry[]> {
  const keys: string[] = [];
  for await (const stored of storage.list()) keys.push(stored.key);
  const filesDone = progress('Backing up files', keys.length, 'files');
  const entries: FileEntry[] = [];
  for (const key of keys) {
    const file = await storage.get(key);
    // Deleted since it was listed: not part of the snapshot's world any more.
    if (file) {
      const written = await writeStreamSynced(path.join(to, key), file.body);
      entries.push({ path: `${FILES_DIR}/${UPLOADS_DIR}/${key}`, ...written });
    }
    filesDone.advance();
  }
  filesDone.finish();
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Makes the folder, or accepts an existing empty one; returns whether it was made. An
 * existing folder is made owner-only (0700), like the data folder: a backup holds password
 * hashes and sessions, and in a folder others may write (0777) they could read or swap its
 * files. Emptiness is checked again once it is private, so nothing slipped in before. A
 * folder we cannot change (another user's) is refused; a refused folder keeps its mode.
 */
function prepareEmptyFolder(folder: string): boolean {
  if (!fs.existsSync(folder)) {
    fs.mkdirSync(folder, { recursive: true, mode: PRIVATE_DIR });
    return true;
  }
  if (!fs.statSync(folder).isDirectory()) {
    throw backupError(`${folder} exists and is not a folder.`);
  }
  const refuseIfNotEmpty = () => {
    if (fs.readdirSync(folder).length > 0) {
      throw backupError(`${folder} is not empty: back up into a new or empty folder.`);
    }
  };
  refuseIfNotEmpty();
  try {
    fs.chmodSync(folder, PRIVATE_DIR);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
    throw backupError(
      `${folder} belongs to another user and cannot be made private (0700): ` +
        'back up into a folder of your own.',
    );
  }
  refuseIfNotEmpty();
  return false;
}

function undoFolder(folder: string, created: boolean): void {
  if (created) {
    fs.rmSync(folder, { recursive: true, force: true });
    return;
  }
  for (const entry of fs.readdirSync(folder)) {
    fs.rmSync(path.join(folder, entry), { recursive: true, force: true });
  }
}

export function isInside(child: string, parent: string): boolean {
  const relative = path.relative(path.resolve(parent), path.resolve(child));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
