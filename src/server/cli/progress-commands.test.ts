import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database.ts';
import { dataDirStorage } from '../lib/storage-local.ts';
import { storeNew } from '../lib/storage.ts';
import { runBackupCommand } from './backup.ts';
import { progressOn } from '../lib/progress.ts';
import { runRestoreCommand } from './restore.ts';
import { runSeedCommand } from './seed.ts';

/** The long commands as a log (not a terminal) sees them: their progress lines. */
let source: TestDatabase;
let target: TestDatabase;
let folder: string;

function commandOptions(database: TestDatabase) {
  const progress: string[] = [];
  const output: string[] = [];
  return {
    progress,
    output,
    options: {
      database: database.handle,
      dataDir: database.dataDir,
      storage: dataDirStorage(database.dataDir),
      out: (line: string) => output.push(line),
      err: (line: string) => output.push(line),
      progress: progressOn({ output: { write: (text: string) => progress.push(text) } }),
    },
  };
}

/** A step's last line: the one with the whole count and the time taken. */
const finalLine = (progress: string[], label: string) =>
  progress.find((line) => line.startsWith(`${label}:`) && line.includes(', done in ')) ?? '';

beforeAll(async () => {
  source = await createTestDatabase();
  target = await createTestDatabase();
  folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-progress-')), 'backup');
});
afterAll(async () => {
  await source.drop();
  await target.drop();
  fs.rmSync(path.dirname(folder), { recursive: true, force: true });
});

describe('progress of the long commands', () => {
  it('is not shown for a command refused before it starts', async () => {
    const run = commandOptions(source);
    expect(await runBackupCommand([], run.options)).toBe(1);
    expect(await runSeedCommand(['--items', 'many'], run.options)).toBe(1);
    expect(run.progress).toEqual([]);
  });

  it('seed, backup and restore each end with the count of the whole and the time taken', async () => {
    const seeding = commandOptions(source);
    expect(await runSeedCommand(['--items', '300'], seeding.options)).toBe(0);
    expect(seeding.progress.at(-2)).toMatch(
      /^Seeding items: 300 of 300 items \(100%\), done in \d+ s\n$/,
    );
    // The indexes, keys and full-text tables built after the load: minutes at a million.
    const built = /^Building indexes: (\d+) of (\d+) steps \(100%\), done in \d+ s\n$/.exec(
      seeding.progress.at(-1) ?? '',
    );
    expect(built, seeding.progress.join('')).not.toBeNull();
    expect(Number(built![1])).toBeGreaterThan(10);
    // Files too: the backup copies them out of the store and the restore puts them back.
    const files = 3;
    for (let i = 0; i < files; i++) {
      await storeNew(dataDirStorage(source.dataDir), Buffer.from(`photo ${i}`), 'png');
    }

    const backingUp = commandOptions(source);
    expect(await runBackupCommand([folder], backingUp.options)).toBe(0);
    expect(finalLine(backingUp.progress, 'Backing up files')).toMatch(
      new RegExp(`^Backing up files: ${files} of ${files} files \\(100%\\), done in \\d+ s\\n$`),
    );
    const backedUp = /^Backing up rows: ([\d,]+) of ([\d,]+) rows \(100%\), done in \d+ s\n$/.exec(
      finalLine(backingUp.progress, 'Backing up rows'),
    );
    expect(backedUp, backingUp.progress.join('')).not.toBeNull();
    expect(backedUp![1]).toBe(backedUp![2]);
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as {
      tables: Array<{ rows: number }>;
    };
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    expect(Number(backedUp![1]!.replaceAll(',', ''))).toBe(rows);

    const restoring = commandOptions(target);
    // The restore wants an empty database: the test's own is migrated but holds no rows.
    expect(await runRestoreCommand([folder], restoring.options), restoring.output.join('\n')).toBe(
      0,
    );
    expect(finalLine(restoring.progress, 'Restoring files')).toMatch(
      new RegExp(`^Restoring files: ${files} of ${files} files \\(100%\\), done in \\d+ s\\n$`),
    );
    expect(finalLine(restoring.progress, 'Restoring rows')).toMatch(
      new RegExp(
        `^Restoring rows: ${rows.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} rows \\(100%\\), done in \\d+ s\\n$`,
      ),
    );
  });
});
