import type { Kysely } from 'kysely';
import type {
  ActivityType,
  ActivityAction,
  ActivityEntry,
} from '../../../common/schemas/activity.ts';
import type { ActivityRow, Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';

export interface Actor {
  id: string;
  email: string;
}

export interface ActivityInput {
  type: ActivityType;
  action: ActivityAction;
  actor: Actor | null;
  sourceId: string;
  ref?: { name?: string | null; item_id?: string | null; id?: string | null; src?: string | null };
  detail?: string | null;
}

/**
 * The only writer of feed rows. Call it with the transaction that makes the change, so
 * the change and its entry land together or not at all.
 */
export async function recordActivity(trx: Kysely<Database>, input: ActivityInput): Promise<void> {
  await recordActivities(trx, [input]);
}

/** Several entries in one statement, in order. */
export async function recordActivities(
  trx: Kysely<Database>,
  inputs: ActivityInput[],
): Promise<void> {
  if (inputs.length === 0) return;
  await trx
    .insertInto('activity')
    .values(
      inputs.map((input) => ({
        type: input.type,
        action: input.action,
        user_id: input.actor?.id ?? null,
        email: input.actor?.email ?? null,
        source_id: input.sourceId,
        ref_name: input.ref?.name ?? null,
        ref_item_id: input.ref?.item_id ?? null,
        ref_id: input.ref?.id ?? null,
        ref_src: input.ref?.src ?? null,
        detail: input.detail ?? null,
        created_at: nowIso(),
      })),
    )
    .execute();
}

export const activityRepo = {
  async page(db: Kysely<Database>, offset: number, limit: number): Promise<ActivityRow[]> {
    return db
      .selectFrom('activity')
      .selectAll()
      .orderBy('seq', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  },
};

export function toActivityEntry(row: ActivityRow): ActivityEntry {
  return {
    id: row.seq,
    type: row.type,
    action: row.action,
    email: row.email,
    source_id: row.source_id,
    reference: { name: row.ref_name, item_id: row.ref_item_id, id: row.ref_id, src: row.ref_src },
    detail: row.detail,
    created_at: row.created_at,
  };
}
