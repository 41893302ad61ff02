import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINE } from '../../test/helpers/database.ts';
import {
  OWNER,
  sessionCookie,
  sleep,
  startHealthy,
  stopAll,
  within,
} from '../../test/helpers/server-process.ts';
import { sqliteFile } from './db/connection.ts';
import { upsertAdmin } from './modules/members/members.service.ts';

afterEach(stopAll);

const ROUNDS = 3;
const WRITERS = 4;

/**
 * Writes until the process is killed; returns the ids the server acknowledged (201).
 * Each writer waits for one answer before sending the next, as a form does.
 */
async function writeUntilKilled(
  base: string,
  cookie: string,
  label: string,
  stop: Promise<void>,
  acknowledged: string[],
) {
  let stopped = false;
  void stop.then(() => (stopped = true));
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let n = 0; !stopped; n++) {
        try {
          const res = await fetch(`${base}/api/inventory/items`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ name: `${label} writer ${writer} #${n}`, note: 'crash test' }),
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
        } catch {
          return; // The server is gone: whatever was not answered was not acknowledged.
        }
      }
    }),
  );
  return acknowledged;
}

describe('writes survive a crash', () => {
  it(`keeps every acknowledged write through ${ROUNDS} SIGKILLs during writes (${TEST_ENGINE})`, async () => {
    const database = await createTestDatabase();
    try {
      await upsertAdmin(database.handle, OWNER);
      if (TEST_ENGINE === 'sqlite') await database.handle.db.destroy();
      const env = { DATABASE_URL: database.databaseUrl ?? '' };
      const acknowledged: string[] = [];

      for (let round = 1; round <= ROUNDS; round++) {
        const server = await startHealthy(database.dataDir, env);
        const cookie = await sessionCookie(server, OWNER.email, OWNER.password);
        let kill!: () => void;
        const killed = new Promise<void>((resolve) => (kill = resolve));
        const thisRound: string[] = [];
        const writing = writeUntilKilled(server.base, cookie, `round ${round}`, killed, thisRound);
        // The kill lands mid-stream: after the first acknowledged write (a loaded machine
        // can take seconds to answer the first one), then at a random moment.
        const firstAnswer = Date.now();
        while (thisRound.length === 0 && Date.now() - firstAnswer < 20_000) await sleep(20);
        await sleep(400 + Math.floor(Math.random() * 600));
        server.child.kill('SIGKILL');
        await within(server.exited, 10_000, 'SIGKILL did not end the server');
        kill();
        await writing;
        expect(thisRound.length, `round ${round} acknowledged nothing`).toBeGreaterThan(0);
        acknowledged.push(...thisRound);

        const stored = await storedItemIds(database);
        const lost = acknowledged.filter((id) => !stored.ids.has(id));
        expect(lost, `round ${round}: acknowledged but gone`).toEqual([]);
        expect(stored.integrity).toBe('ok');
      }
    } finally {
      await database.drop();
    }
  }, 120_000);
});

/** What is on disk after the crash, read the way a restarted server would read it. */
async function storedItemIds(database: Awaited<ReturnType<typeof createTestDatabase>>) {
  if (TEST_ENGINE === 'sqlite') {
    // Opening runs SQLite's recovery of the write-ahead log, as the next start would.
    const sqlite = new SqliteDatabase(sqliteFile(database.dataDir));
    try {
      const ids = sqlite.prepare('SELECT id FROM items').pluck().all() as string[];
      const searchable = sqlite.prepare('SELECT count(*) FROM item_search').pluck().get();
      expect(searchable).toBe(ids.length);
      return {
        ids: new Set(ids),
        integrity: sqlite.pragma('integrity_check', { simple: true }) as string,
      };
    } finally {
      sqlite.close();
    }
  }
  // PostgreSQL survives on its own; what matters is that each write was all or nothing.
  const rows = await database.handle.db.selectFrom('items').select('id').execute();
  const searchable = await database.handle.db
    .selectFrom('item_search')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(searchable.n)).toBe(rows.length);
  return { ids: new Set(rows.map((r) => r.id)), integrity: 'ok' };
}
