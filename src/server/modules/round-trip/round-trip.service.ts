import { storeWindow } from '../reservations/reservations.service.ts';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import type {
  JobRecord,
  ReturnInput,
  ReturnResult,
  Returns,
} from '../../../common/schemas/round-trip.ts';
import type { Database } from '../../db/schema.ts';
import { canTransition, isOverdue, nextStage, today } from '../../../common/job-stages.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { nowIso } from '../../lib/ids.ts';
import {
  entityActivity,
  itemActivity,
  itemEntry,
  recordActivities,
  type Actor,
} from '../activity/activity.repo.ts';
import { namedRepo } from '../catalog/named.repo.ts';
import { EVERYTHING, scopeOf, type Scope } from '../catalog/scope.ts';
import { containersRepo, idList, oneItem, withContents } from '../containers/containers.repo.ts';
import { itemsRepo } from '../items/items.repo.ts';
import { findManifest, manifestScope, toManifest } from '../manifests/manifests.service.ts';
import { manifestsRepo, type ManifestRow } from '../manifests/manifests.repo.ts';
import { jobItems } from './job-items.ts';
import { roundTripRepo, type JobCounts } from './round-trip.repo.ts';
import { assertStageAllows } from './stage-guard.ts';
import type { DispatchInput } from '../../../common/schemas/inspection.ts';
import { checkInspectionsBeforeDispatch } from '../inspections/dispatch-check.ts';

const locationsRepo = namedRepo('locations');

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const NO_COUNTS: Omit<JobCounts, 'manifest_id'> = {
  items_total: 0,
  items_out: 0,
  items_returned: 0,
  items_damaged: 0,
  items_missing: 0,
};

function toJob(row: ManifestRow, counts: JobCounts | undefined): JobRecord {
  const { manifest_id: _, ...n } = counts ?? { manifest_id: '', ...NO_COUNTS };
  const manifest = toManifest(row);
  return {
    ...manifest,
    ...n,
    overdue: isOverdue(manifest),
  };
}

async function jobOf(db: Kysely<Database>, id: string, scope: Scope): Promise<JobRecord> {
  const row = await findManifest(db, id, scope);
  return toJob(row, (await roundTripRepo.counts(db, [id], scope)).get(id));
}

/**
 * The items of a set, grouped under the outermost one of each group that is in the set:
 * a crate that went missing with 14 items inside is one feed entry, not fifteen.
 */
function outermost<T extends { id: string; container_id: string | null }>(rows: T[]) {
  const inSet = new Set(rows.map((r) => r.id));
  const children = new Map<string, T[]>();
  for (const r of rows) {
    if (r.container_id && inSet.has(r.container_id)) {
      children.set(r.container_id, [...(children.get(r.container_id) ?? []), r]);
    }
  }
  const countBelow = (id: string): number =>
    (children.get(id) ?? []).reduce((n, child) => n + 1 + countBelow(child.id), 0);
  return rows
    .filter((r) => !r.container_id || !inSet.has(r.container_id))
    .map((row) => ({ row, inside: countBelow(row.id) }));
}

/**
 * Sends a planned job out: every item on it, and everything inside those, is recorded as
 * out on it since now. The out date is set to today unless one was planned.
 */
export async function dispatchJob(
  app: FastifyInstance,
  id: string,
  actor: Actor,
  input?: DispatchInput,
): Promise<JobRecord> {
  const now = nowIso();
  await app.db.transaction().execute(async (trx) => {
    const manifest = await findManifest(trx, id, EVERYTHING);
    assertStageAllows(toManifest(manifest).stage, 'dispatch');
    await checkInspectionsBeforeDispatch(trx, manifest, input, actor);
    await containersRepo.lockTree(trx, app.dialect);
    const sent = await jobItems.markOut(trx, withContents(roundTripRepo.onJob(id)), id, now);
    if (sent === 0) throw conflict('Nothing is allocated to this job yet.', 'empty_job');
    await roundTripRepo.setStage(trx, id, nextStage('dispatch'), now, manifest.out_date ?? today());
    await storeWindow(trx, id); // dispatch may have set the out date
    await entityActivity(trx, 'MANIFEST', actor, manifest, 'DISPATCH', plural(sent, 'item'));
  });
  return jobOf(app.db, id, EVERYTHING);
}

/**
 * One item comes back from a job, with everything inside it that went out on it: off
 * the job, at the chosen location, in the reported condition. A missing item (from any
 * job) is found instead. Anything else is "not on this job" and changes nothing.
 */
export async function returnItem(
  app: FastifyInstance,
  manifestId: string,
  input: ReturnInput,
  actor: Actor,
): Promise<ReturnResult> {
  const now = nowIso();
  const result = await app.db.transaction().execute(async (trx) => {
    const manifest = await findManifest(trx, manifestId, EVERYTHING);
    const item = await roundTripRepo.itemState(trx, input.item_id, EVERYTHING);
    if (!item) throw notFound('Item');
    let locationName: string | null = null;
    if (input.location_id) {
      const location = await locationsRepo.find(trx, input.location_id, EVERYTHING);
      if (!location) throw badRequest('That location does not exist.');
      locationName = location.name;
    }
    await containersRepo.lockTree(trx, app.dialect);
    const tree = withContents(oneItem(item.id));
    const detail = (inside: number, prefix: string[] = []) =>
      [
        ...prefix,
        locationName ? `to ${locationName}` : null,
        inside > 0 ? `with ${plural(inside, 'item')} inside` : null,
        input.condition === 'damaged' ? `— damaged${input.note ? `: ${input.note}` : ''}` : null,
      ]
        .filter(Boolean)
        .join(' ') || null;

    const outcome =
      item.manifest_id === manifestId && item.out_at
        ? ('returned' as const)
        : item.condition === 'missing'
          ? ('found' as const)
          : null;
    if (!outcome) throw conflict('Not on this job.', 'not_on_job');
    const ids = (
      outcome === 'returned'
        ? await roundTripRepo.outOnJob(trx, tree, manifestId)
        : await roundTripRepo.missingAmong(trx, tree)
    ).map((r) => r.id);
    if (outcome === 'returned') {
      await jobItems.markReturned(trx, {
        manifestId,
        ids,
        scanned: item.id,
        condition: input.condition,
        note: input.note,
        locationId: input.location_id,
        now,
      });
    } else {
      await jobItems.markFound(trx, ids, input.condition, input.location_id, now);
    }
    const note = input.condition === 'damaged' ? input.note : null;
    await jobItems.setCondition(trx, [item.id], input.condition, note, now);
    if (input.location_id !== undefined) {
      await containersRepo.refreshLocationSearch(trx, idList(ids), input.location_id);
    }
    // A missing item comes back found and returned with the screen's settings: one RETURN
    // entry (where and how it came back) and one FOUND entry, as the feed reads it.
    const returned = outcome === 'returned';
    await itemActivity(trx, actor, item, 'RETURN', {
      refId: manifestId,
      detail: detail(ids.length - 1, returned ? [`from ${manifest.name}`] : ['found']),
    });
    if (!returned) {
      await itemActivity(trx, actor, item, 'FOUND', {
        refId: item.id,
        detail: detail(ids.length - 1, ['returned']),
      });
    }
    return { outcome, contents: ids.length - 1 };
  });
  // Returns are written by staff (inventory:write), whose scope is everything.
  const item = await itemsRepo.find(app.db, input.item_id, EVERYTHING);
  if (!item) throw notFound('Item');
  return { item, outcome: result.outcome, contents_count: Math.max(0, result.contents) };
}

/**
 * A scan by a signed-in member finds a missing item (and what is missing inside it):
 * condition ok again, and a FOUND entry. Called in the scan's transaction.
 */
export async function foundByScan(
  trx: Transaction<Database>,
  itemId: string,
  actor: Actor,
): Promise<void> {
  // Called for a scanner whose scope covers the item (labels.service.ts).
  const item = await roundTripRepo.itemState(trx, itemId, EVERYTHING);
  if (!item || item.condition !== 'missing') return;
  const found = (await roundTripRepo.missingAmong(trx, withContents(oneItem(itemId)))).map(
    (r) => r.id,
  );
  await jobItems.markFound(trx, found, 'ok', undefined, nowIso());
  await itemActivity(trx, actor, item, 'FOUND', {
    detail:
      found.length > 1 ? `by a scan, with ${plural(found.length - 1, 'item')} inside` : 'by a scan',
  });
}

/**
 * Closes a job that is out: what has not come back is marked missing (never deleted)
 * and leaves the job, one MISSING entry per outermost missing thing, one CLOSE entry.
 */
export async function closeJob(app: FastifyInstance, id: string, actor: Actor): Promise<JobRecord> {
  const now = nowIso();
  await app.db.transaction().execute(async (trx) => {
    const manifest = await findManifest(trx, id, EVERYTHING);
    assertStageAllows(toManifest(manifest).stage, 'close');
    const still = await roundTripRepo.outOnJob(trx, roundTripRepo.onJob(id), id);
    await jobItems.markMissing(
      trx,
      id,
      still.map((r) => r.id),
      now,
    );
    await roundTripRepo.setStage(trx, id, nextStage('close'), now);
    const closed = still.length
      ? `${plural(still.length, 'item')} missing`
      : 'everything came back';
    await entityActivity(trx, 'MANIFEST', actor, manifest, 'CLOSE', closed);
    await recordActivities(
      trx,
      outermost(still).map(({ row, inside }) =>
        itemEntry(actor, row, 'MISSING', {
          refId: id,
          detail: `on ${manifest.name}${inside ? `, with ${plural(inside, 'item')} inside` : ''}`,
        }),
      ),
    );
  });
  return jobOf(app.db, id, EVERYTHING);
}

export async function jobReturns(
  app: FastifyInstance,
  id: string,
  user: CurrentUser,
): Promise<Returns> {
  const scope = await manifestScope(app, id, user);
  const list = (state: 'out' | 'returned' | 'damaged' | 'missing') =>
    roundTripRepo.itemsIn(app.db, app.dialect, id, state, scope);
  const [out, returned, damaged, missing] = await Promise.all([
    list('out'),
    list('returned'),
    list('damaged'),
    list('missing'),
  ]);
  return { out, returned, damaged, missing };
}

/** Every job that is out: overdue first, then by due date (none last), then name. */
export async function outJobs(app: FastifyInstance, user: CurrentUser): Promise<JobRecord[]> {
  const scope = scopeOf(user);
  // The jobs Return mode works on: those whose stage takes returns.
  const rows = (await manifestsRepo.list(app.db, app.dialect, scope)).filter((row) =>
    canTransition(toManifest(row).stage, 'return'),
  );
  const counts = await roundTripRepo.counts(
    app.db,
    rows.map((r) => r.id),
    scope,
  );
  return rows
    .map((row) => toJob(row, counts.get(row.id)))
    .sort(
      (a, b) =>
        Number(b.overdue) - Number(a.overdue) ||
        (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') ||
        a.name.localeCompare(b.name) ||
        a.id.localeCompare(b.id),
    );
}
