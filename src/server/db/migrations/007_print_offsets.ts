import type { Kysely } from 'kysely';

/**
 * Printer calibration per label preset, shared by everyone on the instance: the offset
 * belongs to the printer on the bench, not to whoever prints (docs/decisions.md#printing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('print_offsets')
    .addColumn('preset_id', 'text', (c) => c.primaryKey())
    .addColumn('x_mm', 'real', (c) => c.notNull())
    .addColumn('y_mm', 'real', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
