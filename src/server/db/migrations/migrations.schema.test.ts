import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINE } from '../../../../test/helpers/database.ts';
import { migrateToLatest } from '../migrate.ts';

/**
 * Migrations are history: a database that ran one keeps what it made, so the same migration
 * must make the same schema on a fresh database forever, whatever its shared helpers
 * (table-builder.ts) become. These are the migrations whose schema is written down in
 * test/fixtures/migrated-schema/, as main made it when the snapshot was taken. A new migration may join
 * the list with its snapshot rewritten (UPDATE_SCHEMA_SNAPSHOT=1, then read the diff: only
 * its own tables may move).
 */
const SNAPSHOTTED = [
  '001_initial',
  '002_item_search',
  '003_versions',
  '004_expiry_indexes',
  '005_search_fields',
  '006_round_trip',
  '007_print_offsets',
  '008_idempotency_keys',
  '009_container_search',
  '013_api_tokens',
  '014_webhooks',
  '018_sso_logins',
  '019_reservations',
  '020_stocktakes',
  '021_inspections',
  '025_search_keys',
  '026_search_scoped_indexes',
  '027_session_changes',
  '028_search_client_type_index',
  '029_search_word_joins',
  '031_search_type_indexes',
];

const SNAPSHOT = path.join(
  import.meta.dirname,
  '../../../../test/fixtures/migrated-schema',
  `${TEST_ENGINE}.txt`,
);

type Rows = Record<string, unknown>[];
const lines = (rows: Rows) => rows.map((row) => Object.values(row).join(' | ')).join('\n');

/** Every table, column, key, index and trigger, in a stable order (Kysely's own tables aside). */
async function describeSchema(db: Kysely<unknown>): Promise<string> {
  if (TEST_ENGINE === 'sqlite') {
    const { rows } = await sql<Rows[number]>`
      SELECT type, name, tbl_name, sql FROM sqlite_master
      WHERE name NOT LIKE 'kysely_%' ORDER BY type, name`.execute(db);
    return `${lines(rows)}\n`;
  }
  const columns = await sql<Rows[number]>`
    SELECT table_name, column_name, data_type, is_nullable, column_default, is_generated,
      generation_expression
    FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name NOT LIKE 'kysely_%'
    ORDER BY table_name, ordinal_position`.execute(db);
  const constraints = await sql<Rows[number]>`
    SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS def
    FROM pg_constraint
    WHERE connamespace = current_schema()::regnamespace
      AND conrelid::regclass::text NOT LIKE 'kysely_%'
    ORDER BY 1, 2`.execute(db);
  const indexes = await sql<Rows[number]>`
    SELECT tablename, indexname, indexdef FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename NOT LIKE 'kysely_%'
    ORDER BY 1, 2`.execute(db);
  const triggers = await sql<Rows[number]>`
    SELECT tgrelid::regclass::text AS table_name, tgname, pg_get_triggerdef(oid) AS def
    FROM pg_trigger
    WHERE NOT tgisinternal AND tgrelid::regclass::text NOT LIKE 'kysely_%'
    ORDER BY 1, 2`.execute(db);
  const functions = await sql<Rows[number]>`
    SELECT proname, pg_get_functiondef(p.oid) AS def FROM pg_proc p
    WHERE pronamespace = current_schema()::regnamespace
      -- an extension's own functions (pg_trgm's) are the extension's, not a migration's
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
    ORDER BY 1`.execute(db);
  return [
    lines(columns.rows),
    lines(constraints.rows),
    lines(indexes.rows),
    ...(triggers.rows.length ? [lines(triggers.rows)] : []),
    ...(functions.rows.length ? [lines(functions.rows)] : []),
    '',
  ].join('\n');
}

describe('the migrated schema', () => {
  it(`is the one the migrations made when they were written (${TEST_ENGINE})`, async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      await migrateToLatest(database.handle, new Set(SNAPSHOTTED));
      const schema = await describeSchema(database.handle.db as unknown as Kysely<unknown>);
      if (process.env.UPDATE_SCHEMA_SNAPSHOT === '1') {
        fs.mkdirSync(path.dirname(SNAPSHOT), { recursive: true });
        fs.writeFileSync(SNAPSHOT, schema);
      }
      expect(schema).toBe(fs.readFileSync(SNAPSHOT, 'utf8'));
    } finally {
      await database.drop();
    }
  });
});
