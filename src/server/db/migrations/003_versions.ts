import type { Kysely } from 'kysely';

/**
 * Every editable entity gets a version (docs/decisions.md, "Versions and conflicts"):
 * an integer bumped by each write to the row's own editable fields, so an update can
 * say which state it was made from and be refused (409) when the row moved on. Existing
 * rows start at 1.
 */
export const VERSIONED_TABLES = [
  'items',
  'manifests',
  'requirements',
  'item_components',
  'clients',
  'locations',
  'components',
  'users',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
}
