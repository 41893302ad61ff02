/**
 * Splits a list for `IN (...)` lists and multi-row inserts: Kysely binds one parameter
 * per value, and 500 rows of a dozen columns stay far below either engine's limit.
 */
export const BATCH_SIZE = 500;

export function batches<T>(list: readonly T[], size = BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
