import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The statements many repositories write about one row picked by its key: read it, test it,
 * update it, delete it, insert it unless its key is taken. One place for them keeps the
 * repositories to the queries that are their own (joins, scopes, sets). SQL still lives only
 * in repositories and here.
 */

type Table = keyof Database & string;

/**
 * Values some of a table's columns must equal: its key, or its key and a guard on the row's
 * state. `null` means IS NULL.
 */
export type RowKey<T extends Table> = {
  readonly [C in keyof Selectable<Database[T]>]?: Selectable<Database[T]>[C];
};

/**
 * The builder untyped by table: the public functions check columns and values against the
 * table, and Kysely cannot follow a table name that is a type parameter.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Kysely drops `undefined` values from a filter object, and an empty filter matches every
 * row: a key that lost its value must fail here, never update or delete a whole table.
 */
function keyOf<T extends Table>(table: T, key: RowKey<T>): Readonly<Record<string, unknown>> {
  const values = Object.values(key);
  if (values.length === 0 || values.some((value) => value === undefined)) {
    throw new Error(`A key for ${table} without a value: ${JSON.stringify(key)}`);
  }
  return key;
}

export async function findRow<T extends Table>(
  db: Kysely<Database>,
  table: T,
  key: RowKey<T>,
): Promise<Selectable<Database[T]> | undefined> {
  const row: unknown = await (db as AnyDb)
    .selectFrom(table as string)
    .selectAll()
    .where((eb) => eb.and(keyOf(table, key)))
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}

export async function hasRow<T extends Table>(
  db: Kysely<Database>,
  table: T,
  key: RowKey<T>,
): Promise<boolean> {
  const row = await (db as AnyDb)
    .selectFrom(table as string)
    .select(sql.lit(1).as('one'))
    .where((eb) => eb.and(keyOf(table, key)))
    .executeTakeFirst();
  return row !== undefined;
}

/** How many rows matched the key (and its guard) and were changed. */
export async function updateRows<T extends Table>(
  db: Kysely<Database>,
  table: T,
  key: RowKey<T>,
  values: Updateable<Database[T]>,
): Promise<number> {
  const result = await (db as AnyDb)
    .updateTable(table as string)
    .set(values as Record<string, unknown>)
    .where((eb) => eb.and(keyOf(table, key)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteRows<T extends Table>(
  db: Kysely<Database>,
  table: T,
  key: RowKey<T>,
): Promise<void> {
  await (db as AnyDb)
    .deleteFrom(table as string)
    .where((eb) => eb.and(keyOf(table, key)))
    .execute();
}

/**
 * Inserts the row unless one with the same `conflict` columns exists (ON CONFLICT DO NOTHING,
 * the same on both engines): true when this call inserted it. Atomic across connections, so
 * of two racing inserts exactly one answers true; the loser waits for the winner's
 * transaction, then does nothing.
 */
export async function insertIfAbsent<T extends Table>(
  db: Kysely<Database>,
  table: T,
  row: Insertable<Database[T]>,
  conflict: readonly (keyof Selectable<Database[T]> & string)[],
): Promise<boolean> {
  const result = await (db as AnyDb)
    .insertInto(table as string)
    .values(row as Record<string, unknown>)
    .onConflict((oc) => oc.columns([...conflict]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
