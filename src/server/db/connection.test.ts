import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, TEST_ENGINE } from '../../../test/helpers/database.ts';
import { createLocalStorage } from '../lib/storage-local.ts';
import { storeNew } from '../lib/storage.ts';
import { openDatabase, sqliteFile } from './connection.ts';
import { migrateToLatest } from './migrate.ts';

const tempDirs: string[] = [];
afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempParent(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-perm-'));
  tempDirs.push(dir);
  return dir;
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

// Password hashes, sessions and uploads are nobody else's business on a shared machine.
describe('the data folder is owner-only', () => {
  it('creates the folder 0700 and the database, -wal and -shm 0600 on a fresh start', async () => {
    const dataDir = path.join(tempParent(), 'data', 'nested');
    const handle = openDatabase({ databaseUrl: undefined, dataDir });
    try {
      await migrateToLatest(handle);
      const file = sqliteFile(dataDir);
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(path.dirname(dataDir))).toBe(0o700);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(f)).toBe(0o600);
    } finally {
      await handle.db.destroy();
    }
  });

  it('tightens a folder and files an older version left world-readable', async () => {
    const dataDir = tempParent();
    fs.chmodSync(dataDir, 0o755);
    const first = openDatabase({ databaseUrl: undefined, dataDir });
    await migrateToLatest(first);
    await first.db.destroy();
    const file = sqliteFile(dataDir);
    fs.chmodSync(file, 0o644);
    fs.chmodSync(dataDir, 0o755);
    const again = openDatabase({ databaseUrl: undefined, dataDir });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(file)).toBe(0o600);
    } finally {
      await again.db.destroy();
    }
  });

  it('keeps uploads in a 0700 folder as 0600 files', async () => {
    const dir = path.join(tempParent(), 'uploads');
    const storage = createLocalStorage(dir);
    const key = await storeNew(storage, Buffer.from('image bytes'), 'png');
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.join(dir, key))).toBe(0o600);
  });
});

describe.skipIf(TEST_ENGINE !== 'postgres')('a PostgreSQL connection the server ends', () => {
  it('is reported, not fatal, and the next query opens a new one', async () => {
    const database = await createTestDatabase();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    try {
      const { db } = database.handle;
      await sql`select 1`.execute(db);
      // As a restart or an operator would: end every backend of this database.
      await admin.connect();
      const name = new URL(database.databaseUrl!).pathname.slice(1);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [name],
      );
      await expect.poll(() => warn.mock.calls.length).toBeGreaterThan(0);
      expect(String(warn.mock.calls[0]![0])).toContain('PostgreSQL closed an idle connection');
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      warn.mockRestore();
      await admin.end();
      await database.drop();
    }
  });
});
