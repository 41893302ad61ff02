import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * SQL texts built by compiledOnce: the PostgreSQL connection prepares these by name
 * (pg-prepared.ts), so the server plans them once per connection, not on every request.
 */
export const preparedTexts = new Set<string>();

const marker = (index: number) => `\u0000yk-arg-${index}\u0000`;

interface Compiled<O> {
  query: CompiledQuery<O>;
  /** For each parameter of the query, which argument fills it (undefined: a constant). */
  slots: Array<number | undefined>;
}

/**
 * A query built by Kysely once per database engine and then only executed: building and
 * compiling a query was close to half of an item read's time. `build` receives markers in
 * place of its arguments; each argument must end up as a bound parameter (never in the
 * query's shape, never inlined), which is checked the first time.
 */
export function compiledOnce<A extends unknown[], O>(
  build: (db: Kysely<Database>, ...args: A) => Compilable<O>,
): (db: Kysely<Database>, ...args: A) => Promise<O[]> {
  // Per engine adapter: a transaction shares its database's adapter, so it reuses the text.
  const compiled = new WeakMap<object, Compiled<O>>();
  return async (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let entry = compiled.get(adapter);
    if (!entry) {
      entry = compile(db, build, args.length);
      compiled.set(adapter, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((value, i) => {
      const slot = slots[i];
      return slot === undefined ? value : args[slot];
    });
    const result = await db.executeQuery<O>({ ...query, parameters });
    return result.rows;
  };
}

function compile<A extends unknown[], O>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, ...args: A) => Compilable<O>,
  count: number,
): Compiled<O> {
  const markers = Array.from({ length: count }, (_, i) => marker(i));
  const query = build(db, ...(markers as A)).compile();
  if (query.sql.includes('\u0000')) throw new Error('compiledOnce: an argument was inlined');
  const slots = query.parameters.map((value) => {
    const index = markers.indexOf(value as string);
    return index < 0 ? undefined : index;
  });
  for (let i = 0; i < count; i++) {
    if (!slots.includes(i)) throw new Error(`compiledOnce: argument ${i} is not a parameter`);
  }
  preparedTexts.add(query.sql);
  return { query, slots };
}
