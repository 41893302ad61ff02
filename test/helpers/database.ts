import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, sqliteFile, type DbHandle } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { newId } from '../../src/server/lib/ids.ts';
import type { Database } from '../../src/server/db/schema.ts';

/** Which engine this run of the suite uses: scripts/test.mjs runs it once per engine. */
export const TEST_ENGINE: 'sqlite' | 'postgres' =
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/**
 * Where the server suite's global setup (test/server/global-setup.ts) left a migrated database
 * to copy: the SQLite file, and the PostgreSQL database's name on the DATABASE_URL server.
 * Unset (a benchmark script, another project), each database is migrated itself.
 */
export const MIGRATED_SQLITE = 'YARDKEEP_TEST_MIGRATED_SQLITE';
export const MIGRATED_POSTGRES = 'YARDKEEP_TEST_MIGRATED_POSTGRES';

export interface TestDatabase {
  handle: DbHandle;
  dataDir: string;
  /** Where a second connection (another app instance) opens the same database. */
  databaseUrl: string | undefined;
  /** Closes the connection and removes the database and its files. */
  drop(): Promise<void>;
}

/**
 * A fresh database, migrated unless told, of the engine under test unless told: a temporary
 * SQLite file, or a new PostgreSQL database created on the server DATABASE_URL names.
 * Nothing is shared between test files, so they run in parallel.
 */
export async function createTestDatabase(
  options: { engine?: 'sqlite' | 'postgres'; migrate?: boolean } = {},
): Promise<TestDatabase> {
  const engine = options.engine ?? TEST_ENGINE;
  const migrate = options.migrate ?? true;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-test-'));
  if (engine === 'sqlite') {
    const migrated = process.env[MIGRATED_SQLITE];
    if (migrate && migrated) fs.copyFileSync(migrated, sqliteFile(dataDir));
    const handle = openDatabase({ databaseUrl: undefined, dataDir });
    // On a copy there is nothing left to run; it still opens the connection as before.
    if (migrate) await migrateToLatest(handle);
    return {
      handle,
      dataDir,
      databaseUrl: undefined,
      drop: async () => {
        await handle.db.destroy().catch(() => {});
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    throw new Error('TEST_DB=postgres needs DATABASE_URL=postgres://user:pass@host/db');
  const name = `yardkeep_test_${newId(10)}`;
  const migrated = migrate ? process.env[MIGRATED_POSTGRES] : undefined;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${migrated ? ` TEMPLATE ${migrated}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), dataDir });
  if (migrate) await migrateToLatest(handle);
  return {
    handle,
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      await handle.db.destroy().catch(() => {});
      await dropWithRetries(serverUrl, name);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * DROP DATABASE ... WITH (FORCE) may meet an autovacuum worker it is not allowed to end
 * ("must be a member of the role whose process is being terminated"); it is gone a moment
 * later. A database left behind after the retries costs disk, not correctness.
 */
async function dropWithRetries(serverUrl: string, name: string): Promise<void> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const client = new pg.Client({ connectionString: serverUrl });
    try {
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (err) {
      if (attempt === 5) console.warn(`could not drop test database ${name}: ${String(err)}`);
      else await new Promise((r) => setTimeout(r, 200 * attempt));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** The details of a record's feed entries of one action (an OVERBOOK's note, an answer). */
export async function activityDetails(
  db: Kysely<Database>,
  sourceId: string,
  action: Database['activity']['action'],
): Promise<Array<string | null>> {
  const rows = await db
    .selectFrom('activity')
    .select('detail')
    .where('source_id', '=', sourceId)
    .where('action', '=', action)
    .execute();
  return rows.map((r) => r.detail);
}
