import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from './connection.ts';

const opened: DbHandle[] = [];
const tempDirs: string[] = [];
afterEach(async () => {
  for (const handle of opened.splice(0)) await handle.db.destroy();
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Two handles on one new SQLite file, as two app instances in one process have. */
async function twoHandles(): Promise<[DbHandle, DbHandle]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-turns-'));
  tempDirs.push(dataDir);
  const first = openDatabase({ databaseUrl: undefined, dataDir });
  opened.push(first);
  await sql`create table counter (id integer primary key, n integer not null)`.execute(first.db);
  await sql`insert into counter (id, n) values (1, 0)`.execute(first.db);
  // The same folder by another name: the turns are the file's, however it is reached.
  const link = `${dataDir}-link`;
  fs.symlinkSync(dataDir, link);
  tempDirs.push(link);
  const second = openDatabase({ databaseUrl: undefined, dataDir: link });
  opened.push(second);
  return [first, second];
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Reads, waits (as a service awaits between queries), then writes what it read plus one. */
function addOne(handle: DbHandle): Promise<void> {
  return handle.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ n: number }>`select n from counter where id = 1`.execute(trx);
    await pause();
    await sql`update counter set n = ${rows[0]!.n + 1} where id = 1`.execute(trx);
    await pause();
  });
}

// Without turns, the second transaction's write met the first one's write lock on the same
// thread: SQLite's busy handler slept 5 s and the write failed with "database is locked".
describe('two handles on one SQLite file in one process', () => {
  it('run their transactions in turns: none fails, none is lost', async () => {
    const [first, second] = await twoHandles();
    await Promise.all([addOne(first), addOne(second), addOne(first), addOne(second)]);
    const { rows } = await sql<{ n: number }>`select n from counter where id = 1`.execute(
      second.db,
    );
    expect(rows[0]!.n).toBe(4);
  });

  it('gives the turn back when a transaction fails, so the other handle goes on', async () => {
    const [first, second] = await twoHandles();
    const failing = first.db.transaction().execute(async (trx) => {
      await sql`update counter set n = 100 where id = 1`.execute(trx);
      await pause();
      throw new Error('the service refused');
    });
    const [failed] = await Promise.allSettled([failing, addOne(second)]);
    expect(failed.status).toBe('rejected');
    const { rows } = await sql<{ n: number }>`select n from counter where id = 1`.execute(first.db);
    expect(rows[0]!.n).toBe(1);
  });

  it('still runs a handle alone once the other is closed', async () => {
    const [first, second] = await twoHandles();
    await addOne(first);
    await second.db.destroy();
    opened.pop();
    await addOne(first);
    const { rows } = await sql<{ n: number }>`select n from counter where id = 1`.execute(first.db);
    expect(rows[0]!.n).toBe(2);
  });
});
