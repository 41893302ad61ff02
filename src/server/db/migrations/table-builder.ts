import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';

/*
 * FROZEN: the migrations that have run build their tables with these helpers, so a change
 * here changes history (an existing database keeps the old schema, a fresh one would get the
 * new). Never change what a definition compiles to; a new need gets a new word, and
 * migrations.schema.test.ts fails when a migrated schema moves.
 *
 * A table is written the way CREATE TABLE says it: its columns in order, separated by
 * commas, `--` comments allowed, then an optional composite primary key, written
 * `primary key (a, b)` (named <table>_pk) or `constraint <name> primary key (a, b)`.
 * A column is its name and these words in this order, each optional but the type:
 *   <text|integer|real|serial> [primary key] [autoincrement] [not null] [unique]
 *     [default <0|1|'text'>] [references <table>.<column> [on delete cascade|set null]]
 * The words go to Kysely's own column builder, so each engine gets the SQL Kysely writes.
 */

/** Indexes by name: the columns, or the columns and whether they are unique. */
export type IndexSpecs = Readonly<
  Record<string, readonly string[] | { columns: readonly string[]; unique: true }>
>;

/** An increasing integer key: PostgreSQL has serial, SQLite an autoincrement rowid. */
export function increasingKey(dialect: Dialect): string {
  return dialect === 'postgres' ? 'serial primary key' : 'integer primary key autoincrement';
}

interface ParsedColumn {
  name: string;
  type: 'text' | 'integer' | 'real' | 'serial';
  primaryKey: boolean;
  autoIncrement: boolean;
  notNull: boolean;
  unique: boolean;
  defaultTo?: number | string;
  references?: string;
  onDelete?: 'cascade' | 'set null';
}

const COLUMN =
  /^(\w+) (text|integer|real|serial)( primary key)?( autoincrement)?( not null)?( unique)?(?: default (0|1|'[^']*'))?(?: references (\w+\.\w+)(?: on delete (cascade|set null))?)?$/;

const PRIMARY_KEY = /^(?:constraint (\w+) )?primary key \(([\w, ]+)\)$/;

/** The entries of a definition: comments dropped, split at the commas between entries. */
function entries(definition: string): string[] {
  return definition
    .replace(/--.*$/gm, '')
    .split(/,(?![^(]*\))/)
    .map((entry) => entry.trim().replace(/\s+/g, ' '))
    .filter((entry) => entry !== '');
}

/** Reads a column; anything it does not know is an error, never silently dropped. */
function parseColumn(entry: string): ParsedColumn {
  const match = COLUMN.exec(entry);
  if (!match) throw new Error(`Unknown column definition: ${entry}`);
  const [, name, type, key, autoIncrement, notNull, unique, defaultTo, references, onDelete] =
    match;
  return {
    name: name!,
    type: type as ParsedColumn['type'],
    primaryKey: key !== undefined,
    autoIncrement: autoIncrement !== undefined,
    notNull: notNull !== undefined,
    unique: unique !== undefined,
    defaultTo: defaultTo?.startsWith("'") ? defaultTo.slice(1, -1) : toNumber(defaultTo),
    references,
    onDelete: onDelete as ParsedColumn['onDelete'],
  };
}

function toNumber(value: string | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}

function columnModifiers(column: ParsedColumn) {
  return (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder => {
    let b = c;
    if (column.primaryKey) b = b.primaryKey();
    if (column.autoIncrement) b = b.autoIncrement();
    if (column.notNull) b = b.notNull();
    if (column.unique) b = b.unique();
    if (column.defaultTo !== undefined) b = b.defaultTo(column.defaultTo);
    if (column.references) b = b.references(column.references);
    if (column.onDelete) b = b.onDelete(column.onDelete);
    return b;
  };
}

/** A definition's text with its interpolated values (`${stamps}`) put in. */
function definitionText(strings: TemplateStringsArray, values: unknown[]): string {
  return String.raw({ raw: strings }, ...values);
}

/**
 * CREATE TABLE with the columns in the order written, as a template tag:
 * createTable(db, 'leases')`name text primary key, holder text`.
 */
export function createTable(db: Kysely<unknown>, table: string) {
  return async (strings: TemplateStringsArray, ...values: unknown[]): Promise<void> => {
    let builder: CreateTableBuilder<string, string> = db.schema.createTable(table);
    for (const entry of entries(definitionText(strings, values))) {
      const key = PRIMARY_KEY.exec(entry);
      if (key) {
        const columns = key[2]!.split(',').map((column) => column.trim());
        builder = builder.addPrimaryKeyConstraint(key[1] ?? `${table}_pk`, columns);
        continue;
      }
      const column = parseColumn(entry);
      builder = builder.addColumn(column.name, column.type, columnModifiers(column));
    }
    await builder.execute();
  };
}

/**
 * ALTER TABLE ... ADD COLUMN, one statement a column (SQLite adds one at a time), as a
 * template tag: addColumns(db, 'items')`out_at text`.
 */
export function addColumns(db: Kysely<unknown>, table: string) {
  return async (strings: TemplateStringsArray, ...values: unknown[]): Promise<void> => {
    for (const entry of entries(definitionText(strings, values))) {
      const column = parseColumn(entry);
      await db.schema
        .alterTable(table)
        .addColumn(column.name, column.type, columnModifiers(column))
        .execute();
    }
  };
}

export async function createIndexes(
  db: Kysely<unknown>,
  table: string,
  indexes: IndexSpecs,
): Promise<void> {
  for (const [name, spec] of Object.entries(indexes)) {
    const { columns, unique } = 'columns' in spec ? spec : { columns: spec, unique: false };
    const index = db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns]);
    await (unique ? index.unique() : index).execute();
  }
}
