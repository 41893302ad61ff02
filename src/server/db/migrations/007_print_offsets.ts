import type { Kysely } from 'kysely';
import { createTable } from './table-builder.ts';

/**
 * Printer calibration per label preset, shared by everyone on the instance: the offset
 * belongs to the printer on the bench, not to whoever prints (docs/decisions.md#printing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'print_offsets')`
    preset_id text primary key,
    x_mm real not null,
    y_mm real not null,
    updated_by text,
    updated_at text not null
  `;
}
