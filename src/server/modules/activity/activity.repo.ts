import type { Kysely, Transaction } from 'kysely';
import type {
  ActivityType,
  ActivityAction,
  ActivityEntry,
} from '../../../common/schemas/activity.ts';
import type { ActivityRow, Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';
import { eventOf, itemEvents } from '../webhooks/events.ts';
import { insertOutboxEvents } from '../webhooks/outbox.repo.ts';

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
 * The only writer of feed rows. It takes the transaction that makes the change (a plain
 * database handle is a type error), so the change and its entry land together or not at
 * all. Services use the per-entity helpers below rather than spelling out the row.
 */
export async function recordActivity(
  trx: Transaction<Database>,
  input: ActivityInput,
): Promise<void> {
  await recordActivities(trx, [input]);
}

/**
 * Several entries in one statement, in order, and the webhook events they stand for in
 * the outbox, in the same transaction (docs/decisions.md, "Integrations: webhooks").
 */
export async function recordActivities(
  trx: Transaction<Database>,
  inputs: ActivityInput[],
): Promise<void> {
  if (inputs.length === 0) return;
  await insertOutboxEvents(
    trx,
    inputs.flatMap((input) => eventOf(input) ?? []),
  );
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

/**
 * Webhook events for items written in bulk under one feed entry (a CSV import's "1,240
 * items from inventory.csv"): each item still gets its item.created or item.updated.
 */
export async function recordBulkItemEvents(
  trx: Transaction<Database>,
  actor: Actor | null,
  items: Array<{ id: string; name: string | null; created: boolean }>,
): Promise<void> {
  await insertOutboxEvents(trx, itemEvents(actor, items));
}

/** What a feed entry is about, by id and the name it is shown under. */
export interface Subject {
  id: string;
  name: string | null;
}

/**
 * A change to a record that names itself: a manifest, member (by email), client, location
 * or component type. The entry points at the record.
 */
export async function entityActivity(
  trx: Transaction<Database>,
  type: Exclude<ActivityType, 'ITEM' | 'LABEL' | 'IMAGE'>,
  actor: Actor | null,
  subject: Subject,
  action: ActivityAction,
  detail: string | null = null,
): Promise<void> {
  await recordActivity(trx, {
    type,
    action,
    actor,
    sourceId: subject.id,
    ref: { name: subject.name, id: subject.id },
    detail,
  });
}

export interface ItemEntryExtra {
  detail?: string | null;
  /** The reference's id when it is not the item's own: the job an item came back from. */
  refId?: string;
}

/**
 * The entry for a change to an item. It links to the item's page, except for a deletion:
 * a deleted item has no page.
 */
export function itemEntry(
  actor: Actor | null,
  item: Subject,
  action: ActivityAction,
  extra: ItemEntryExtra = {},
): ActivityInput {
  return {
    type: 'ITEM',
    action,
    actor,
    sourceId: item.id,
    ref: {
      name: item.name,
      item_id: action === 'DELETE' ? null : item.id,
      id: extra.refId ?? item.id,
    },
    detail: extra.detail ?? null,
  };
}

export async function itemActivity(
  trx: Transaction<Database>,
  actor: Actor | null,
  item: Subject,
  action: ActivityAction,
  extra?: ItemEntryExtra,
): Promise<void> {
  await recordActivity(trx, itemEntry(actor, item, action, extra));
}

/**
 * A label attached, moved off an item or scanned: named by the item it is (or was) on,
 * which is null for a free label.
 */
export async function labelActivity(
  trx: Transaction<Database>,
  actor: Actor | null,
  code: string,
  item: { id: string | null; name: string | null },
  action: ActivityAction,
): Promise<void> {
  await recordActivity(trx, {
    type: 'LABEL',
    action,
    actor,
    sourceId: code,
    ref: { id: code, item_id: item.id, name: item.name },
  });
}

export const activityRepo = {
  /**
   * A page of the feed without the entries of `hiddenTypes`: left out in SQL, so every
   * page but the last stays full (an empty page ends the feed).
   */
  async page(
    db: Kysely<Database>,
    offset: number,
    limit: number,
    hiddenTypes: readonly ActivityType[] = [],
  ): Promise<ActivityRow[]> {
    let query = db.selectFrom('activity').selectAll();
    if (hiddenTypes.length > 0) query = query.where('type', 'not in', hiddenTypes);
    return query.orderBy('seq', 'desc').limit(limit).offset(offset).execute();
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
