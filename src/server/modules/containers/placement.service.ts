import type { Kysely } from 'kysely';
import { nextStage } from '../../../common/job-stages.ts';
import { MAX_CONTAINER_DEPTH } from '../../../common/round-trip.ts';
import { EVERYTHING } from '../catalog/scope.ts';
import type { Database } from '../../db/schema.ts';
import { itemEntry, type ActivityInput, type Actor } from '../activity/activity.repo.ts';
import { manifestsRepo } from '../manifests/manifests.repo.ts';
import { changeItemSet } from '../items/item-set-changes.service.ts';
import { jobItems } from '../round-trip/job-items.ts';
import { containersRepo, contentsOf, oneItem, withContents } from './containers.repo.ts';

/** The stored state of an item before a write. */
export interface ItemBefore {
  id: string;
  name: string | null;
  location_id: string | null;
  manifest_id: string | null;
  container_id: string | null;
  condition: string;
  out_at: string | null;
}

/** What an item write did beyond its own row. */
export interface PlacementEffects {
  /** Items inside it that followed it (location, manifest). */
  contents: number;
  /** Set when the item went out with a job that is already out. */
  outAt: string | null;
}

export const LOOP_MESSAGE = 'An item cannot go inside itself or inside something it contains.';
export const DEPTH_MESSAGE = `Containers can only be nested ${MAX_CONTAINER_DEPTH} levels deep.`;

/**
 * The door's own effects (item-changes.service.ts calls this, and only it). After the
 * item's own row is written (same transaction): what is inside it follows its
 * location and manifest, and an item that joins a job already out goes out with it.
 */
export async function applyPlacement(
  trx: Kysely<Database>,
  before: ItemBefore | null,
  after: { id: string; location_id: string | null; manifest_id: string | null },
  now: string,
): Promise<PlacementEffects> {
  const effects: PlacementEffects = { contents: 0, outAt: null };
  if (before && after.location_id !== before.location_id) {
    const inside = contentsOf(after.id);
    effects.contents = await changeItemSet(trx, inside, { location_id: after.location_id }, now);
    // The search documents hold the location's name.
    if (effects.contents > 0) {
      await containersRepo.refreshLocationSearch(trx, inside, after.location_id);
    }
  }
  if (before && after.manifest_id !== before.manifest_id) {
    const manifest = { manifest_id: after.manifest_id, out_at: null };
    effects.contents = await changeItemSet(trx, contentsOf(after.id), manifest, now);
  }
  if (after.manifest_id && after.manifest_id !== before?.manifest_id) {
    const stage = (await manifestsRepo.find(trx, after.manifest_id, EVERYTHING))?.stage;
    // An item that joins a job already out goes out with it.
    if (stage === nextStage('dispatch')) {
      await jobItems.markOut(trx, withContents(oneItem(after.id)), after.manifest_id, now);
      effects.outAt = now;
    }
  }
  return effects;
}

/**
 * The feed entry for a condition changed by hand (the PUT of an item), or null when the
 * change is not one the feed tells; the caller writes it with the batch's other entries.
 */
export function conditionChangeEntry(
  item: { id: string; name: string | null },
  from: string,
  to: string,
  note: string | null,
  actor: Actor | null,
): ActivityInput | null {
  if (from === to) return null;
  const action = to === 'damaged' ? 'DAMAGE' : to === 'missing' ? 'MISSING' : 'FOUND';
  if (action === 'FOUND' && from !== 'missing') return null;
  return itemEntry(actor, item, action, {
    detail: action === 'DAMAGE' && note ? note : null,
  });
}
