import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DbHandle, Dialect } from './connection.ts';
import * as m001 from './migrations/001_initial.ts';
import * as m002 from './migrations/002_item_search.ts';
import * as m003 from './migrations/003_versions.ts';
import * as m004 from './migrations/004_expiry_indexes.ts';
import * as m005 from './migrations/005_search_fields.ts';
import * as m006 from './migrations/006_round_trip.ts';
import * as m007 from './migrations/007_print_offsets.ts';
import * as m008 from './migrations/008_idempotency_keys.ts';
import * as m009 from './migrations/009_container_search.ts';
import * as m013 from './migrations/013_api_tokens.ts';
import * as m018 from './migrations/018_sso_logins.ts';
import * as m014 from './migrations/014_webhooks.ts';
import * as m021 from './migrations/021_inspections.ts';
import * as m019 from './migrations/019_reservations.ts';
import * as m020 from './migrations/020_stocktakes.ts';
import * as m024 from './migrations/024_held_items_index.ts';
import * as m025 from './migrations/025_search_keys.ts';
import * as m026 from './migrations/026_search_scoped_indexes.ts';
import * as m027 from './migrations/027_session_changes.ts';
import * as m028 from './migrations/028_search_client_type_index.ts';
import * as m029 from './migrations/029_search_word_joins.ts';
import * as m031 from './migrations/031_search_type_indexes.ts';
import * as m032 from './migrations/032_search_name_statistics.ts';
import * as m033 from './migrations/033_search_words.ts';

interface DialectMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Listed by hand so the bundle-free server never globs the file system for code. */
const MIGRATIONS: Record<string, DialectMigration> = {
  '001_initial': m001,
  '002_item_search': m002,
  '003_versions': m003,
  '004_expiry_indexes': m004,
  '005_search_fields': m005,
  '006_round_trip': m006,
  '007_print_offsets': m007,
  '008_idempotency_keys': m008,
  '009_container_search': m009,
  '013_api_tokens': m013,
  '018_sso_logins': m018,
  '014_webhooks': m014,
  '021_inspections': m021,
  '019_reservations': m019,
  '020_stocktakes': m020,
  '024_held_items_index': m024,
  '025_search_keys': m025,
  '026_search_scoped_indexes': m026,
  '027_session_changes': m027,
  '028_search_client_type_index': m028,
  '029_search_word_joins': m029,
  '031_search_type_indexes': m031,
  '032_search_name_statistics': m032,
  '033_search_words': m033,
};

class StaticProvider implements MigrationProvider {
  private readonly dialect: Dialect;
  private readonly only: ReadonlySet<string> | undefined;

  constructor(dialect: Dialect, only?: ReadonlySet<string>) {
    this.dialect = dialect;
    this.only = only;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS)
        .filter(([name]) => !this.only || this.only.has(name))
        .map(([name, m]) => [name, { up: (db: Kysely<unknown>) => m.up(db, this.dialect) }]),
    );
  }
}

/** The names of the migrations this code knows, sorted. */
export function knownMigrations(): string[] {
  return Object.keys(MIGRATIONS).sort();
}

/**
 * Runs the known migrations that have not run yet; with `only`, just those of them (a
 * restore first brings an empty database to the backup's own schema).
 */
export async function migrateToLatest(
  { db, dialect }: DbHandle,
  only?: ReadonlySet<string>,
): Promise<void> {
  // Unordered: features land from parallel branches, so a database migrated on one branch
  // may already hold a later-numbered migration when an earlier-numbered one arrives.
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(dialect, only),
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
