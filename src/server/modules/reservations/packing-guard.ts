import type { Transaction } from 'kysely';
import { today } from '../../../common/job-stages.ts';
import { formatDay, reservedElsewhereText, windowOf } from '../../../common/reservations.ts';
import type { Database } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import { entityActivity, type Actor } from '../activity/activity.repo.ts';
import { EVERYTHING } from '../catalog/scope.ts';
import { holdingsOf } from './availability.ts';
import { reservationsRepo } from './reservations.repo.ts';
import { loadSnapshot } from './snapshot.ts';

/**
 * Packing asks first (docs/decisions.md, "Reservations"): an item put on a job while
 * another job holds it for an overlapping window is a 409 `reserved_elsewhere`, "Reserved
 * for Autumn fair from 12 Jun. Pack it anyway?". Sent again with pack_anyway, it is packed
 * and the answer goes into the feed. Called by the item door (item-changes.service.ts) in
 * the write's transaction, for every change that moves an existing item onto a job.
 */
export async function guardPacking(
  trx: Transaction<Database>,
  moves: Array<{ itemId: string; manifestId: string }>,
  context: { actor: Actor | null; packAnyway?: boolean },
): Promise<void> {
  const byJob = new Map<string, string[]>();
  for (const m of moves) byJob.set(m.manifestId, [...(byJob.get(m.manifestId) ?? []), m.itemId]);
  for (const [manifestId, asked] of byJob) {
    // An item already on the job is not being packed again (a re-save of its form).
    const current = await reservationsRepo.items(trx, asked, EVERYTHING);
    const roots = current.filter((i) => i.manifest_id !== manifestId).map((i) => i.id);
    if (roots.length === 0) continue;
    await reservationsRepo.lock(trx, manifestId);
    const job = await reservationsRepo.job(trx, manifestId, EVERYTHING);
    if (!job) continue; // the door's reference check answers for a job that does not exist
    // Contents go onto the job with their container, so they are asked about too.
    const ids = [
      ...new Set(
        (await Promise.all(roots.map((id) => reservationsRepo.withContents(trx, id)))).flat(),
      ),
    ];
    const day = today();
    const window = windowOf(job) ?? { from: day, to: day };
    const snapshot = await loadSnapshot(trx, window, {
      scope: EVERYTHING,
      own: [job],
      types: [],
      items: ids,
    });
    const holdings = holdingsOf(snapshot, window, manifestId);
    const blocked = ids.filter((id) =>
      (holdings.byItem.get(id) ?? []).some((b) => b.kind === 'reserved'),
    );
    if (blocked.length === 0) continue;
    const holder = holdings.byItem.get(blocked[0]!)!.find((b) => b.kind === 'reserved')!;
    if (!context.packAnyway) {
      throw conflict(reservedElsewhereText(holder), 'reserved_elsewhere');
    }
    const [item] = await reservationsRepo.items(trx, [blocked[0]!], EVERYTHING);
    const from = holder.from ? ` from ${formatDay(holder.from)}` : '';
    const others = blocked.length > 1 ? ` (and ${blocked.length - 1} more)` : '';
    await entityActivity(
      trx,
      'MANIFEST',
      context.actor,
      job,
      'OVERBOOK',
      `Packed ${item?.name ?? 'an item'}${others} anyway: reserved for ${holder.name}${from}`,
    );
  }
}
