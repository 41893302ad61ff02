import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database.ts';
import { freePort } from '../../../test/helpers/server-process.ts';
import { loadConfig } from '../config.ts';
import { createS3Storage } from '../lib/storage-s3.ts';
import { parseStorageUrl, type S3Location } from '../lib/storage-url.ts';
import { knownMigrations, migrateToLatest } from '../db/migrate.ts';
import { backupBeforeMigrating } from './before-migrate.ts';
import { readBackup } from './read-backup.ts';

const databases: TestDatabase[] = [];
afterEach(async () => {
  for (const database of databases.splice(0)) await database.drop();
});

async function databaseAt(migrations: string[] | 'none') {
  const database = await createTestDatabase({ migrate: false });
  databases.push(database);
  if (migrations !== 'none') await migrateToLatest(database.handle, new Set(migrations));
  return database;
}

const source = (d: TestDatabase) => ({ database: d.handle, dataDir: d.dataDir });
const NOW = new Date('2026-11-23T20:00:00.000Z');

describe('the backup npm start takes before migrating', () => {
  it('is not taken on a fresh database', async () => {
    const fresh = await databaseAt('none');
    expect(await backupBeforeMigrating(source(fresh), 5, NOW)).toBeNull();
    expect(fs.existsSync(path.join(fresh.dataDir, 'backups'))).toBe(false);
  });

  it('is not taken when nothing is pending', async () => {
    const current = await databaseAt(knownMigrations());
    expect(await backupBeforeMigrating(source(current), 5, NOW)).toBeNull();
    expect(fs.existsSync(path.join(current.dataDir, 'backups'))).toBe(false);
  });

  it('is taken of an existing database with pending migrations, named after the first', async () => {
    const old = await databaseAt(['001_initial']);
    const stamp = NOW.toISOString();
    await old.handle.db
      .insertInto('clients')
      .values({ id: 'client00001', name: 'Harbour Arts', created_at: stamp, updated_at: stamp })
      .execute();
    const taken = await backupBeforeMigrating(source(old), 5, NOW);
    expect(taken).toEqual({
      folder: path.join(old.dataDir, 'backups', '2026-11-23T20-00-00-000Z-before-002_item_search'),
      pending: knownMigrations().filter((m) => m !== '001_initial'),
    });
    const manifest = await readBackup(taken!.folder);
    expect(manifest.migrations).toEqual(['001_initial']);
    expect(manifest.tables.find((t) => t.name === 'clients')?.rows).toBe(1);
  });

  it("keeps only the newest BACKUP_KEEP automatic backups, never an operator's own folder", async () => {
    const old = await databaseAt(['001_initial']);
    const backups = path.join(old.dataDir, 'backups');
    fs.mkdirSync(path.join(backups, 'before-the-move'), { recursive: true });
    const taken: string[] = [];
    for (let minute = 0; minute < 4; minute++) {
      const at = new Date(NOW.getTime() + minute * 60_000);
      taken.push(path.basename((await backupBeforeMigrating(source(old), 2, at))!.folder));
    }
    expect(fs.readdirSync(backups).sort()).toEqual(['before-the-move', ...taken.slice(-2)].sort());
    // The default keeps five.
    for (let minute = 4; minute < 11; minute++) {
      const at = new Date(NOW.getTime() + minute * 60_000);
      taken.push(path.basename((await backupBeforeMigrating(source(old), undefined, at))!.folder));
    }
    expect(fs.readdirSync(backups).sort()).toEqual(['before-the-move', ...taken.slice(-5)].sort());
  });

  it('keeps BACKUP_KEEP from the environment: 5 when unset, never 0', () => {
    expect(loadConfig({}).backupKeep).toBe(5);
    expect(loadConfig({ BACKUP_KEEP: '2' }).backupKeep).toBe(2);
    for (const wrong of ['0', '-1', 'all', '2.5']) {
      expect(() => loadConfig({ BACKUP_KEEP: wrong }), wrong).toThrow(/BACKUP_KEEP/);
    }
  });

  it('stops the start while the file store cannot be read, leaving no half backup', async () => {
    const old = await databaseAt(['001_initial']);
    const down = parseStorageUrl(
      `s3://photos/?endpoint=http://127.0.0.1:${await freePort()}&force_path_style=true`,
    ) as S3Location;
    const storage = createS3Storage(
      down,
      { accessKeyId: 'x', secretAccessKey: 'y' },
      { maxAttempts: 1 },
    );
    await expect(backupBeforeMigrating({ ...source(old), storage }, 5, NOW)).rejects.toThrow(
      /^Not migrating: the backup before migrating failed \(Files cannot be stored or read/,
    );
    expect(fs.readdirSync(path.join(old.dataDir, 'backups'))).toEqual([]);
  });

  it('stops the start when it cannot be taken', async () => {
    const old = await databaseAt(['001_initial']);
    // A file where the backups folder goes: the backup cannot be written.
    fs.writeFileSync(path.join(old.dataDir, 'backups'), 'in the way');
    await expect(backupBeforeMigrating(source(old), 5, NOW)).rejects.toThrow(/^Not migrating/);
  });
});
