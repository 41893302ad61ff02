import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Label } from '../../../common/schemas/label.ts';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { foundByScan } from '../round-trip/round-trip.service.ts';
import { labelActivity, type Actor } from '../activity/activity.repo.ts';
import { itemsRepo, type ItemRef } from '../items/items.repo.ts';
import { findItemRef } from '../items/item-ref.ts';
import { itemChangesRepo } from '../items/item-changes.repo.ts';
import { covers, scopeOf } from '../catalog/scope.ts';
import { refreshItemSearch } from '../items/search.repo.ts';
import { labelsRepo } from './labels.repo.ts';
import { isServiceActor } from '../tokens/bearer.ts';

const CHANGED_MEANWHILE = 'The label changed while you were saving. Please try again.';

export async function getLabel(app: FastifyInstance, code: string): Promise<Label> {
  const label = await labelsRepo.find(app.db, code);
  if (!label) throw notFound('Label');
  return label;
}

export async function listItemLabels(app: FastifyInstance, itemId: string): Promise<Label[]> {
  await findItemRef(app.db, itemId);
  return labelsRepo.listForItem(app.db, itemId);
}

/**
 * POST /inventory/labels. Creates the label when its code was never seen, takes it from
 * another item when `replace` (the default). With `replace` false it only ever attaches
 * a new or free label, and otherwise answers true (already on this item) or false (on
 * another item) without changing anything.
 */
export async function attachLabel(
  app: FastifyInstance,
  input: { code: string; itemId: string; replace: boolean },
  actor: Actor,
): Promise<Label | boolean> {
  return app.db.transaction().execute(async (trx) => {
    const item = await findItemRef(trx, input.itemId);
    const now = nowIso();
    const label = await labelsRepo.find(trx, input.code);

    if (!label) {
      if (!(await labelsRepo.insert(trx, { id: input.code, item_id: item.id, now }))) {
        throw conflict(CHANGED_MEANWHILE, 'label_changed');
      }
      await recordAttached(trx, input.code, item, actor, now);
      return current(trx, input.code);
    }
    if (label.item_id === item.id) return input.replace ? label : true;
    if (label.item_id !== null && !input.replace) return false;

    await move(trx, input.code, label.item_id, item, actor, now);
    return current(trx, input.code);
  });
}

/** PUT /inventory/labels/:id: `null` frees the label, an item id moves it there. */
export async function updateLabel(
  app: FastifyInstance,
  code: string,
  itemId: string | null,
  actor: Actor,
): Promise<Label> {
  return app.db.transaction().execute(async (trx) => {
    const label = await labelsRepo.find(trx, code);
    if (!label) throw notFound('Label');
    const item = itemId === null ? null : await findItemRef(trx, itemId);
    if (label.item_id === itemId) return label; // already there: nothing to record

    await move(trx, code, label.item_id, item ?? null, actor, nowIso());
    return current(trx, code);
  });
}

/**
 * POST /inventory/scan/:code. Never creates a label. A scan of an attached label is a
 * SCAN entry in the feed, and makes a signed-in scanner the item's last scanner (a client
 * user only for their own client's items); a scan
 * of a free or unknown label records nothing, as there is no item to report on.
 */
export async function recordScan(
  app: FastifyInstance,
  code: string,
  user: CurrentUser | null,
  mode?: 'return',
): Promise<Label | null> {
  return app.db.transaction().execute(async (trx) => {
    const label = await labelsRepo.find(trx, code);
    if (!label) return null;
    await recordScanOf(trx, label, user, mode);
    return label;
  });
}

/**
 * What any scan of a known label does, in the caller's transaction (the scan route, and a
 * stock-take's scan): the scanner becomes the last scanner, a missing item is found, one
 * SCAN entry. A free label records nothing.
 */
export async function recordScanOf(
  trx: Transaction<Database>,
  label: Label,
  user: CurrentUser | null,
  mode?: 'return',
): Promise<void> {
  if (label.item_id === null) return;
  // A client user scanning another client's item is recorded as a scan, but does not
  // become its last scanner: that client's members would see their email.
  const item = user ? await itemsRepo.findBare(trx, label.item_id) : undefined;
  if (user && item && covers(scopeOf(user), item.client_id)) {
    // A service token is no member: it cannot be anyone's last scanner.
    if (!isServiceActor(user)) {
      await itemChangesRepo.setLastScanner(trx, label.item_id, user.id);
      // The last scanner's email is a searched field of the item.
      await refreshItemSearch(trx, label.item_id);
    }
    // A missing item scanned by a member is found (docs/decisions.md, "Round trip"); in
    // Return mode by the return that follows, with the mode's location and condition.
    if (mode !== 'return') await foundByScan(trx, label.item_id, user);
  }
  await labelActivity(trx, user, label.id, { id: label.item_id, name: label.name }, 'SCAN');
}

/**
 * Moves a label from one item (or none) to another (or none), touching both items and
 * writing the feed entries: DELETE on the item it leaves, CREATE on the one it joins.
 */
async function move(
  trx: Transaction<Database>,
  code: string,
  fromItemId: string | null,
  to: ItemRef | null,
  actor: Actor,
  now: string,
): Promise<void> {
  if (!(await labelsRepo.move(trx, code, fromItemId, to?.id ?? null, now))) {
    throw conflict(CHANGED_MEANWHILE, 'label_changed');
  }
  if (fromItemId !== null) {
    const from = await itemsRepo.ref(trx, fromItemId);
    await itemChangesRepo.touch(trx, fromItemId, now);
    const left = { id: fromItemId, name: from?.name ?? null };
    await labelActivity(trx, actor, code, left, 'DELETE');
  }
  if (to) await recordAttached(trx, code, to, actor, now);
}

async function recordAttached(
  trx: Transaction<Database>,
  code: string,
  item: ItemRef,
  actor: Actor,
  now: string,
): Promise<void> {
  await itemChangesRepo.touch(trx, item.id, now);
  await labelActivity(trx, actor, code, item, 'CREATE');
}

async function current(trx: Kysely<Database>, code: string): Promise<Label> {
  const label = await labelsRepo.find(trx, code);
  if (!label) throw notFound('Label');
  return label;
}
