import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../lib/storage.ts';
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
    const key = await storage.put(Buffer.from('image bytes'), 'png');
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.join(dir, key))).toBe(0o600);
  });
});
