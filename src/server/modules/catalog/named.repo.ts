import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Dialect } from '../../db/connection.ts';
import type { Database, NamedTable } from '../../db/schema.ts';
import { updateVersioned, type ExpectedVersion } from '../../db/versioning.ts';
import { inScope, type Scope } from './scope.ts';

export type NamedTableName = 'clients' | 'locations' | 'components';

/**
 * Sort keys for "sorted by name" that give the same order on both engines: lower-cased,
 * then exact, compared byte by byte. PostgreSQL would otherwise use the database's locale
 * collation (which ignores punctuation and differs between servers); in the "C" collation
 * its lower() folds only ASCII, exactly like SQLite's.
 */
export function nameSortKeys(
  dialect: Dialect,
  column: string,
): [RawBuilder<string>, RawBuilder<string>] {
  const ref = sql.ref(column);
  return dialect === 'postgres'
    ? [sql<string>`lower(${ref} collate "C")`, sql<string>`${ref} collate "C"`]
    : [sql<string>`lower(${ref})`, sql<string>`${ref}`];
}

/** Columns that point at a client, location or component type. */
export type ReferenceColumn =
  | 'items.client_id'
  | 'items.location_id'
  | 'items.component_id'
  | 'manifests.client_id'
  | 'users.client_id'
  | 'requirements.component_id'
  | 'item_components.component_id'
  | 'inspection_kinds.component_id';

export async function countReferences(
  db: Kysely<Database>,
  column: ReferenceColumn,
  id: string,
): Promise<number> {
  const table = column.split('.')[0]!;
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${id}
  `.execute(db);
  // COUNT(*) is int8 on PostgreSQL: a string unless a type parser says otherwise.
  return Number(rows[0]?.n ?? 0);
}

/** Whether a row with this id exists in one of the tables that references point into. */
export async function rowExists(
  db: Kysely<Database>,
  table: 'clients' | 'locations' | 'components' | 'manifests' | 'items',
  id: string,
): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return Boolean(row);
}

/** A delete refused by a foreign key: something started using the row after our check. */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** An insert refused by a primary key or unique index: a concurrent request won. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

export type NamedRow = Pick<Selectable<NamedTable>, 'id' | 'name' | 'version' | 'updated_at'>;

/**
 * Clients, locations and component types share one table shape, so they share these
 * queries. Kysely cannot type a query over a union of table names; as the three tables
 * are identical, one name stands in for all of them.
 */
export function namedRepo(table: NamedTableName) {
  const t = table as 'clients';
  return {
    /** A client scope narrows the rows to the one whose id is that client (clients only). */
    async list(db: Kysely<Database>, dialect: Dialect, scope: Scope): Promise<NamedRow[]> {
      const [folded, exact] = nameSortKeys(dialect, 'name');
      return db
        .selectFrom(t)
        .select(['id', 'name', 'version', 'updated_at'])
        .where(inScope(scope, 'id'))
        .orderBy(folded)
        .orderBy(exact)
        .orderBy('id')
        .execute();
    },

    async find(db: Kysely<Database>, id: string, scope: Scope): Promise<NamedRow | undefined> {
      return db
        .selectFrom(t)
        .select(['id', 'name', 'version', 'updated_at'])
        .where('id', '=', id)
        .where(inScope(scope, 'id'))
        .executeTakeFirst();
    },

    async insert(db: Kysely<Database>, row: Insertable<NamedTable>): Promise<void> {
      await db.insertInto(t).values(row).execute();
    },

    /** False when no row matched: gone, or no longer at the `expected` version. */
    async rename(
      db: Kysely<Database>,
      id: string,
      name: string,
      now: string,
      expected?: ExpectedVersion,
    ): Promise<boolean> {
      return updateVersioned(db, table, id, { name }, now, expected);
    },

    async delete(db: Kysely<Database>, id: string): Promise<void> {
      await db.deleteFrom(t).where('id', '=', id).execute();
    },
  };
}

export type NamedRepo = ReturnType<typeof namedRepo>;
