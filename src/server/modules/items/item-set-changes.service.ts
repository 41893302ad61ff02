import type { Kysely, RawBuilder } from 'kysely';
import { itemBody } from '../../../common/schemas/item.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { itemChangesRepo } from './item-changes.repo.ts';
import type { ItemValues } from './items.repo.ts';

/**
 * The door's set-based half (docs/decisions.md, "One door for item changes"): changes
 * that give many items, chosen by a rule rather than one by one, the same values. The
 * round trip (dispatch, return, close, found), contents following their container, and
 * a deleted manifest or container letting go of what it held come here; the batches of
 * item-changes.service.ts end here too for what follows from them.
 */

/** What a set-based change may set: an item's fields, and since when it is out on a job. */
export type SetValues = Partial<ItemValues> & { out_at?: string | null };

/** The contract's field schemas, so a path that did not come through the contract says the same. */
export function checkFields(
  values: Partial<ItemValues>,
): { field: keyof ItemValues; message: string } | null {
  const shape = itemBody.shape as Record<
    string,
    { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }
  >;
  for (const field of [
    'name',
    'note',
    'condition_note',
    'client_id',
    'location_id',
    'component_id',
    'manifest_id',
    'container_id',
  ] as const) {
    const value = values[field];
    if (value === undefined || value === null) continue;
    const parsed = shape[field]!.safeParse(value);
    if (!parsed.success) return { field, message: parsed.error!.issues[0]!.message };
  }
  return null;
}

/**
 * Gives every item `ids` selects (a subquery in parentheses: everything on a job, inside
 * a container, a list) the same values in one UPDATE, in the caller's transaction. The
 * values pass the contract's field schemas like a single change's; what decides that the
 * change may happen (the job's stage, the tree) is the caller's, checked before. Versions
 * move. Returns how many items changed.
 */
export async function changeItemSet(
  trx: Kysely<Database>,
  ids: RawBuilder<unknown>,
  values: SetValues,
  now: string,
): Promise<number> {
  const problem = checkFields(values);
  if (problem) throw badRequest(problem.message);
  return itemChangesRepo.updateSet(trx, ids, { ...values, updated_at: now });
}
