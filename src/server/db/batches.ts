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

/** Rows read for a long list, one batch of it at a time, in the order of the batches. */
export async function readInBatches<T, R>(
  list: readonly T[],
  read: (batch: T[]) => Promise<R[]>,
): Promise<R[]> {
  const rows: R[] = [];
  for (const batch of batches(list)) rows.push(...(await read(batch)));
  return rows;
}

/** Bound parameters per statement in a bulk load: under SQLite's 32766 and PostgreSQL's 65535. */
const MAX_PARAMS = 30_000;

/** Multi-row insert batches as large as the parameter limit allows for these rows' columns. */
export function bulkBatches<T extends object>(rows: readonly T[]): T[][] {
  if (rows.length === 0) return [];
  return batches(rows, Math.max(1, Math.floor(MAX_PARAMS / Object.keys(rows[0]!).length)));
}
