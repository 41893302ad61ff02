import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { nextStage } from '../../../common/job-stages.ts';
import { windowOf, type JobDates } from '../../../common/reservations.ts';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import type { ManifestRecord } from '../../../common/schemas/manifest.ts';
import type {
  Reservation,
  ReservationInput,
  ReserveInput,
} from '../../../common/schemas/reservation.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { entityActivity, type Actor } from '../activity/activity.repo.ts';
import { EVERYTHING, scopeOf } from '../catalog/scope.ts';
import { manifestsRepo } from '../manifests/manifests.repo.ts';
import { findManifest, toManifest } from '../manifests/manifests.service.ts';
import { assertStageAllows } from '../round-trip/stage-guard.ts';
import { assertJobHolds, type OverrideOptions } from './reservation-checks.ts';
import { reservationsRepo, type JobRow, type LineRow } from './reservations.repo.ts';

/*
 * A job's reservations (docs/decisions.md, "Reservations: how availability is counted"):
 * reserve and unreserve, named lines. Every write that adds to what a reserved job holds
 * takes reservationsRepo.lock first and checks in the same transaction.
 */

async function lockedJob(trx: Transaction<Database>, id: string): Promise<JobRow> {
  await reservationsRepo.lock(trx, id);
  const job = await reservationsRepo.job(trx, id, EVERYTHING);
  if (!job) throw notFound('Manifest');
  return job;
}

async function manifestAfter(trx: Transaction<Database>, id: string): Promise<ManifestRecord> {
  return toManifest(await findManifest(trx, id, EVERYTHING));
}

/** planning → reserved: needs both dates; refused (409) when it would hold kit twice. */
export async function reserveJob(
  app: FastifyInstance,
  id: string,
  input: ReserveInput | OverrideOptions,
  actor: Actor | null,
): Promise<ManifestRecord> {
  return app.db.transaction().execute(async (trx) => {
    const job = await lockedJob(trx, id);
    assertStageAllows(toManifest(await findManifest(trx, id, EVERYTHING)).stage, 'reserve');
    if (!windowOf(job)) {
      throw conflict(
        'Give the job an out date and a due date before reserving it.',
        'dates_needed',
      );
    }
    await assertJobHolds(trx, job, input, actor);
    await manifestsRepo.setStage(trx, id, nextStage('reserve'), nowIso());
    await entityActivity(trx, 'MANIFEST', actor, job, 'RESERVE');
    return manifestAfter(trx, id);
  });
}

/** reserved → planning: it holds nothing any more; its lines stay as a draft. */
export async function unreserveJob(
  app: FastifyInstance,
  id: string,
  actor: Actor | null,
): Promise<ManifestRecord> {
  return app.db.transaction().execute(async (trx) => {
    const manifest = await findManifest(trx, id, EVERYTHING);
    assertStageAllows(toManifest(manifest).stage, 'unreserve');
    await manifestsRepo.setStage(trx, id, nextStage('unreserve'), nowIso());
    await entityActivity(trx, 'MANIFEST', actor, manifest, 'UNRESERVE');
    return manifestAfter(trx, id);
  });
}

function toReservation(row: LineRow): Reservation {
  const { condition: _condition, ...line } = row;
  return line;
}

export async function listReservations(
  app: FastifyInstance,
  id: string,
  user: CurrentUser,
): Promise<Reservation[]> {
  await findManifest(app.db, id, scopeOf(user));
  return (await reservationsRepo.lines(app.db, id)).map(toReservation);
}

/**
 * Holds an item by name, with everything inside it (as packing moves contents along). On
 * a reserved job the new lines are checked in this transaction (409 unless overridden).
 * Returns the lines this call is about (the item and its contents).
 */
export async function addReservation(
  app: FastifyInstance,
  id: string,
  input: ReservationInput | ({ item_id: string } & OverrideOptions),
  actor: Actor | null,
): Promise<Reservation[]> {
  return app.db.transaction().execute(async (trx) => {
    const job = await lockedJob(trx, id);
    assertStageAllows(toManifest(await findManifest(trx, id, EVERYTHING)).stage, 'reserve_items');
    const [item] = await reservationsRepo.items(trx, [input.item_id], EVERYTHING);
    if (!item) throw notFound('Item');
    const ids = await reservationsRepo.withContents(trx, item.id);
    const now = nowIso();
    await reservationsRepo.insertLines(trx, id, ids, (i) => (i === item.id ? null : item.id), now);
    if (job.stage === 'reserved') await assertJobHolds(trx, job, input, actor, { items: ids });
    const inside = ids.length - 1;
    const detail = `reserved ${item.name ?? 'an item'}${inside > 0 ? ` (+${inside} inside)` : ''}`;
    await entityActivity(trx, 'MANIFEST', actor, job, 'UPDATE', detail);
    await manifestsRepo.touch(trx, id, now);
    const wanted = new Set(ids);
    return (await reservationsRepo.lines(trx, id))
      .filter((l) => wanted.has(l.item_id))
      .map(toReservation);
  });
}

/** Lets go of an item held by name and of what its reservation brought along. */
export async function removeReservation(
  app: FastifyInstance,
  id: string,
  itemId: string,
  actor: Actor | null,
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const manifest = await findManifest(trx, id, EVERYTHING);
    assertStageAllows(toManifest(manifest).stage, 'reserve_items');
    if (!(await reservationsRepo.hasLine(trx, id, itemId))) throw notFound('Reservation');
    const [item] = await reservationsRepo.items(trx, [itemId], EVERYTHING);
    await reservationsRepo.deleteLine(trx, id, itemId);
    const now = nowIso();
    await entityActivity(
      trx,
      'MANIFEST',
      actor,
      manifest,
      'UPDATE',
      `unreserved ${item?.name ?? 'an item'}`,
    );
    await manifestsRepo.touch(trx, id, now);
  });
}

/**
 * After a manifest's dates or prep/turnaround days changed (manifests.service.ts, in its
 * transaction): stores the new window and, for a reserved job, re-checks what it holds
 * for it (409 unless overridden).
 */
export async function datesChanged(
  trx: Transaction<Database>,
  id: string,
  options: OverrideOptions,
  actor: Actor | null,
): Promise<void> {
  const job = await lockedJob(trx, id);
  const window = windowOf(job);
  await manifestsRepo.setWindow(trx, id, window);
  if (job.stage !== 'reserved') return;
  await assertJobHolds(
    trx,
    { ...job, window_from: window?.from ?? null, window_to: window?.to ?? null },
    options,
    actor,
  );
}

/** Stores the window of a job whose dates were just written (create, duplicate, dispatch). */
export async function storeWindow(
  trx: Transaction<Database>,
  id: string,
  dates?: JobDates,
): Promise<void> {
  const job = dates ?? (await reservationsRepo.job(trx, id, EVERYTHING));
  if (job) await manifestsRepo.setWindow(trx, id, windowOf(job));
}
