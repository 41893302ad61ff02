import type { ActivityAction, ActivityType } from '../../../common/schemas/activity.ts';
import type { WebhookEventType } from '../../../common/webhook-events.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { ActivityInput } from '../activity/activity.repo.ts';

/**
 * Which feed entries are webhook events (docs/decisions.md, "Integrations: webhooks").
 * Every change already writes its feed entry in its own transaction, so deriving the
 * events there covers every write path, the ones added later too.
 */
const EVENT_OF: Partial<Record<ActivityType, Partial<Record<ActivityAction, WebhookEventType>>>> = {
  ITEM: {
    CREATE: 'item.created',
    UPDATE: 'item.updated',
    DELETE: 'item.deleted',
    RETURN: 'item.returned',
    DAMAGE: 'item.damaged',
    MISSING: 'item.missing',
    FOUND: 'item.found',
  },
  // A label joining an item; leaving one (to another item, or freed).
  LABEL: { CREATE: 'label.attached', DELETE: 'label.moved', SCAN: 'item.scanned' },
  MANIFEST: { DISPATCH: 'job.dispatched', CLOSE: 'job.closed' },
};

export interface OutboxEvent {
  id: string;
  type: WebhookEventType;
  /** The JSON body sent, byte for byte, on every attempt. */
  payload: string;
  created_at: string;
}

/** Standard Webhooks message ids: a prefix and enough randomness to be unique forever. */
export const newEventId = () => `msg_${newId(24)}`;

type Data = Record<string, unknown>;

/**
 * Thin events: what happened, to which record (id and name as it was then), by whom.
 * The receiver reads the record's current state through the API when it needs more, so
 * no field an API token could not read leaves in an event, and a late retry never
 * carries a stale copy of a whole record.
 */
function dataOf(input: ActivityInput, type: WebhookEventType): Data {
  const actor = input.actor ? { id: input.actor.id, email: input.actor.email } : null;
  const detail = input.detail ?? null;
  const ref = input.ref ?? {};
  if (input.type === 'LABEL') {
    const item = ref.item_id ? { id: ref.item_id, name: ref.name ?? null } : null;
    const where = type === 'label.moved' ? { from_item: item } : { item };
    return { label: { code: input.sourceId }, ...where, actor };
  }
  if (input.type === 'MANIFEST') {
    return { job: { id: input.sourceId, name: ref.name ?? null }, detail, actor };
  }
  // A round-trip entry points at its job (ref.id) rather than at the item itself.
  const job = ref.id && ref.id !== input.sourceId ? { job: { id: ref.id } } : {};
  return { item: { id: input.sourceId, name: ref.name ?? null }, ...job, detail, actor };
}

export function eventOf(input: ActivityInput, at = nowIso()): OutboxEvent | null {
  const type = EVENT_OF[input.type]?.[input.action];
  if (!type) return null;
  const body = { type, timestamp: at, data: dataOf(input, type) };
  return { id: newEventId(), type, payload: JSON.stringify(body), created_at: at };
}

/** Events for items written in bulk without a feed entry each (a CSV import). */
export function itemEvents(
  actor: ActivityInput['actor'],
  items: Array<{ id: string; name: string | null; created: boolean }>,
): OutboxEvent[] {
  const at = nowIso();
  return items.flatMap((item) => {
    const event = eventOf(
      {
        type: 'ITEM',
        action: item.created ? 'CREATE' : 'UPDATE',
        actor,
        sourceId: item.id,
        ref: { name: item.name, id: item.id },
      },
      at,
    );
    return event ? [event] : [];
  });
}
