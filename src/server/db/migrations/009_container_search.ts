import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';
import { foldSearchField } from '../../../common/search.ts';
import { SEARCH_FIELDS_002 } from './002_item_search.ts';
import { createItemFts } from './005_search_fields.ts';

/** The searched fields from here on: the name of the item's container joins them. */
const FIELDS = [...SEARCH_FIELDS_002, 'container_name'] as const;

/**
 * Search finds an item by its container's name (docs/decisions.md, "Round trip screens"):
 * the search document gets a `container_name` field, filled for items already inside
 * something, and the document text and the trigram index are rebuilt over the new set
 * of fields. No item data changes.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    // The FTS table, its triggers and statistics are rebuilt with the new column below.
    for (const trigger of ['item_search_ai', 'item_search_ad', 'item_search_au']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db);
    }
    await sql`DROP TABLE IF EXISTS item_fts_vocab`.execute(db);
    await sql`DROP TABLE IF EXISTS item_fts`.execute(db);
  }
  await db.schema.alterTable('item_search').addColumn('container_name', 'text').execute();
  await backfill(db);

  // The joined text (used for the substring and typo checks) gains the new field.
  const doc = sql.join(
    FIELDS.map((f) => sql`coalesce(${sql.ref(f)}, '')`),
    sql` || ' ' || `,
  );
  await sql`ALTER TABLE item_search DROP COLUMN doc`.execute(db);
  if (dialect === 'postgres') {
    await sql`ALTER TABLE item_search ADD COLUMN doc TEXT NOT NULL
      GENERATED ALWAYS AS (${doc}) STORED`.execute(db);
    await sql`CREATE INDEX item_search_doc_trgm ON item_search USING gin (doc gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  // SQLite cannot add a stored generated column; a virtual one is computed when read,
  // which only the bounded scans and the candidates' checks do (the FTS index holds
  // the fields themselves).
  await sql`ALTER TABLE item_search ADD COLUMN doc TEXT NOT NULL
    GENERATED ALWAYS AS (${doc}) VIRTUAL`.execute(db);
  await createItemFts(db, [...FIELDS, 'filter_keys']);
}

/** Items already inside a container get its name, folded once per container. */
async function backfill(untyped: Kysely<unknown>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema as of 009
  const db = untyped as Kysely<any>;
  const containers = await db
    .selectFrom('items as c')
    .select(['c.id', 'c.name'])
    .where('c.id', 'in', db.selectFrom('items').select('container_id').distinct())
    .execute();
  for (const container of containers as Array<{ id: string; name: string | null }>) {
    await db
      .updateTable('item_search')
      .set({ container_name: foldSearchField(container.name) })
      .where(
        'item_id',
        'in',
        db.selectFrom('items').select('id').where('container_id', '=', container.id),
      )
      .execute();
  }
}
