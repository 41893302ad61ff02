// Before the server suite: one migrated database of each engine under test, made once. Each test
// file's fresh database is a copy of it (test/helpers/database.ts) instead of running every
// migration again: over a hundred databases a pass, each some twenty migrations of DDL
// transactions, on PostgreSQL each waiting for its disk (docs/decisions.md, "CI time: stages
// side by side").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, sqliteFile } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { newId } from '../../src/server/lib/ids.ts';
import { MIGRATED_POSTGRES, MIGRATED_SQLITE } from '../helpers/database.ts';

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-migrated-'));
  const sqlite = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(sqlite);
  // Closing the last connection checkpoints the WAL into the file, so the file alone is whole.
  await sqlite.db.destroy();
  process.env[MIGRATED_SQLITE] = sqliteFile(dataDir);

  const serverUrl = process.env.DATABASE_URL;
  let postgresName: string | null = null;
  if (process.env.TEST_DB === 'postgres' && serverUrl) {
    postgresName = `yardkeep_migrated_${newId(10)}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${postgresName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${postgresName}`;
    const handle = openDatabase({ databaseUrl: url.toString(), dataDir });
    await migrateToLatest(handle);
    // CREATE DATABASE ... TEMPLATE refuses a source that has connections.
    await handle.db.destroy();
    process.env[MIGRATED_POSTGRES] = postgresName;
  }

  return async () => {
    delete process.env[MIGRATED_SQLITE];
    delete process.env[MIGRATED_POSTGRES];
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (postgresName && serverUrl) {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`);
    }
  };
}
