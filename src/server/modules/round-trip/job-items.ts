import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { idList } from '../containers/containers.repo.ts';
import { changeItemSet } from '../items/item-set-changes.service.ts';
import { roundTripRepo, type ReturnedItems } from './round-trip.repo.ts';

/**
 * What the round trip does to items: through the item door's set-based half
 * (item-set-changes.service.ts), with the job's dispatch list written beside it in the
 * same transaction. round-trip.service.ts decides (stages, outcomes, the feed); this
 * writes what it decided.
 */
export const jobItems = {
  /** The items of `ids` (a subquery) are out on the job since `now`, and on its dispatch list. */
  async markOut(
    trx: Kysely<Database>,
    ids: RawBuilder<unknown>,
    manifestId: string,
    now: string,
  ): Promise<number> {
    const sent = await changeItemSet(trx, ids, { manifest_id: manifestId, out_at: now }, now);
    await roundTripRepo.recordOut(trx, manifestId, now);
    return sent;
  },

  /** Items come back: off the job, at the chosen location when there is one. */
  async markReturned(trx: Kysely<Database>, input: ReturnedItems): Promise<void> {
    await roundTripRepo.recordReturned(trx, input);
    await changeItemSet(
      trx,
      idList(input.ids),
      {
        manifest_id: null,
        out_at: null,
        ...(input.locationId !== undefined ? { location_id: input.locationId } : {}),
      },
      input.now,
    );
  },

  /** The condition (and its note) a return reports. */
  async setCondition(
    trx: Kysely<Database>,
    ids: string[],
    condition: string,
    note: string | null,
    now: string,
  ): Promise<void> {
    if (ids.length === 0) return;
    await changeItemSet(trx, idList(ids), { condition, condition_note: note }, now);
  },

  /** Missing items are back, ok or damaged, at the chosen location when there is one. */
  async markFound(
    trx: Kysely<Database>,
    ids: string[],
    condition: string,
    locationId: string | null | undefined,
    now: string,
  ): Promise<void> {
    if (ids.length === 0) return;
    const found = condition === 'damaged' ? 'damaged' : 'ok';
    await roundTripRepo.recordFound(trx, ids, found, now);
    await changeItemSet(
      trx,
      idList(ids),
      { condition: found, ...(locationId !== undefined ? { location_id: locationId } : {}) },
      now,
    );
  },

  /** Closing: what is still out goes missing and leaves the job; the rest leaves it too. */
  async markMissing(
    trx: Kysely<Database>,
    manifestId: string,
    ids: string[],
    now: string,
  ): Promise<void> {
    if (ids.length > 0) {
      await roundTripRepo.recordMissing(trx, manifestId, ids, now);
      const missing = { condition: 'missing', condition_note: null, out_at: null };
      await changeItemSet(trx, idList(ids), missing, now);
    }
    await changeItemSet(
      trx,
      roundTripRepo.onJob(manifestId),
      { manifest_id: null, out_at: null },
      now,
    );
  },
};
