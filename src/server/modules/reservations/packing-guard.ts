import type { Kysely, Transaction } from 'kysely';
import { today } from '../../../common/job-stages.ts';
import { formatDay, reservedElsewhereText, windowOf } from '../../../common/reservations.ts';
import type { Blocker } from '../../../common/schemas/reservation.ts';
import type { Database } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import { entityActivity, type Actor } from '../activity/activity.repo.ts';
import { EVERYTHING } from '../catalog/scope.ts';
import { holdingsOf } from './availability.ts';
import { reservationsRepo } from './reservations.repo.ts';
import { loadSnapshot } from './snapshot.ts';

/** An existing item put onto a job. */
export interface PackingMove {
  itemId: string;
  manifestId: string;
}

/** A move that asks first: the job holding the item (or something inside it) then. */
export interface PackingQuestion extends PackingMove {
  holder: Blocker;
  /** The items of the move another job holds (the item and what is inside it). */
  blocked: string[];
  /** "Reserved for Autumn fair from 12 Jun. Pack it anyway?" */
  question: string;
}

/**
 * The moves that put an item onto a job while another job holds it (or something inside
 * it) for an overlapping window. `lock` takes the reservations lock first (inside a write's
 * transaction, so what is read is what the write goes over); a dry run reads without it.
 */
export async function packingQuestions(
  db: Kysely<Database>,
  moves: PackingMove[],
  options: { lock: boolean },
): Promise<PackingQuestion[]> {
  const byJob = new Map<string, string[]>();
  for (const m of moves) byJob.set(m.manifestId, [...(byJob.get(m.manifestId) ?? []), m.itemId]);
  const questions: PackingQuestion[] = [];
  for (const [manifestId, asked] of byJob) {
    // An item already on the job is not being packed again (a re-save of its form).
    const current = await reservationsRepo.items(db, asked, EVERYTHING);
    const roots = current.filter((i) => i.manifest_id !== manifestId).map((i) => i.id);
    if (roots.length === 0) continue;
    if (options.lock) await reservationsRepo.lock(db, manifestId);
    const job = await reservationsRepo.job(db, manifestId, EVERYTHING);
    if (!job) continue; // the door's reference check answers for a job that does not exist
    // Contents go onto the job with their container, so they are asked about too.
    const trees = new Map<string, string[]>();
    for (const id of roots) trees.set(id, await reservationsRepo.withContents(db, id));
    const day = today();
    const window = windowOf(job) ?? { from: day, to: day };
    const snapshot = await loadSnapshot(db, window, {
      scope: EVERYTHING,
      own: [job],
      types: [],
      items: [...new Set([...trees.values()].flat())],
    });
    const holdings = holdingsOf(snapshot, window, manifestId);
    const holderOf = (id: string) =>
      (holdings.byItem.get(id) ?? []).find((b) => b.kind === 'reserved');
    for (const [itemId, tree] of trees) {
      const blocked = tree.filter((id) => holderOf(id) !== undefined);
      if (blocked.length === 0) continue;
      const holder = holderOf(blocked[0]!)!;
      questions.push({
        itemId,
        manifestId,
        holder,
        blocked,
        question: reservedElsewhereText(holder),
      });
    }
  }
  return questions;
}

/**
 * Packing asks first (docs/decisions.md, "Reservations"): an item put on a job while
 * another job holds it for an overlapping window is a 409 `reserved_elsewhere`, "Reserved
 * for Autumn fair from 12 Jun. Pack it anyway?". Sent again with pack_anyway, it is packed
 * and the answer goes into the feed, one entry per job. Called by the item door
 * (item-changes.service.ts) in the write's transaction, for every change that moves an
 * existing item onto a job.
 */
export async function guardPacking(
  trx: Transaction<Database>,
  moves: PackingMove[],
  context: { actor: Actor | null; packAnyway?: boolean },
): Promise<void> {
  const questions = await packingQuestions(trx, moves, { lock: true });
  if (questions.length === 0) return;
  if (!context.packAnyway) throw conflict(questions[0]!.question, 'reserved_elsewhere');
  const byJob = new Map<string, PackingQuestion[]>();
  for (const q of questions) byJob.set(q.manifestId, [...(byJob.get(q.manifestId) ?? []), q]);
  for (const [manifestId, asked] of byJob) {
    const job = (await reservationsRepo.job(trx, manifestId, EVERYTHING))!;
    const { holder, blocked } = asked[0]!;
    const count = new Set(asked.flatMap((q) => q.blocked)).size;
    const [item] = await reservationsRepo.items(trx, [blocked[0]!], EVERYTHING);
    const from = holder.from ? ` from ${formatDay(holder.from)}` : '';
    const others = count > 1 ? ` (and ${count - 1} more)` : '';
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
