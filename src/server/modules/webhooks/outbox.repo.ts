import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { OutboxEvent } from './events.ts';

const listeners = new Set<() => void>();

/**
 * A delivery worker in this process wants to hear of new events at once rather than at
 * its next look. A hint only: the event is not committed yet when it is called (the
 * worker looks a few milliseconds later, and the regular look catches the rest).
 */
export function onOutboxWrite(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Rows per INSERT: well under both engines' limits on bound parameters. */
const BATCH = 500;

/**
 * The outbox's only writer: inside the transaction of the change, so an event exists
 * exactly when its change committed.
 */
export async function insertOutboxEvents(
  trx: Transaction<Database>,
  events: OutboxEvent[],
): Promise<void> {
  if (events.length === 0) return;
  for (let i = 0; i < events.length; i += BATCH) {
    await trx
      .insertInto('webhook_events')
      .values(events.slice(i, i + BATCH).map((e) => ({ ...e, fanned_out: 0 })))
      .execute();
  }
  for (const listener of listeners) listener();
}
