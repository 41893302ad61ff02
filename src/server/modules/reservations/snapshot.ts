import type { Kysely } from 'kysely';
import type { Window } from '../../../common/reservations.ts';
import { today } from '../../../common/job-stages.ts';
import type { Database } from '../../db/schema.ts';
import type { Scope } from '../catalog/scope.ts';
import type { Snapshot, TypeTotal } from './availability.ts';
import { reservationsRepo, type HeldRow, type JobRow } from './reservations.repo.ts';

/**
 * Reads what availability counts for a window (availability.ts does the counting): the
 * jobs that may hold kit then, what they hold, their requirements and the items per type.
 * `own` jobs' rows are read too (the job asking, or the calendar's jobs), and `types`
 * narrows the counting to some component types (undefined: all of them).
 */
export async function loadSnapshot(
  db: Kysely<Database>,
  window: Window,
  options: { scope: Scope; own?: JobRow[]; types?: string[]; items?: string[] },
): Promise<Snapshot> {
  const holding = await reservationsRepo.holdingJobs(db, window);
  const jobs = new Map<string, JobRow>();
  for (const job of [...holding, ...(options.own ?? [])]) jobs.set(job.id, job);
  const ids = [...jobs.keys()];
  let held: HeldRow[];
  if (options.types === undefined) {
    held = await reservationsRepo.held(db, ids);
  } else {
    held = await reservationsRepo.held(db, ids, { componentIds: options.types });
    if (options.items?.length) {
      held = held.concat(await reservationsRepo.held(db, ids, { itemIds: options.items }));
    }
  }
  const reservedIds = ids.filter((id) => jobs.get(id)!.stage === 'reserved');
  const requirements = await reservationsRepo.requirements(db, [
    ...new Set([...reservedIds, ...(options.own ?? []).map((j) => j.id)]),
  ]);
  const totals = new Map<string, TypeTotal>();
  for (const row of await reservationsRepo.typeTotals(db, options.scope, options.types)) {
    const t = totals.get(row.component_id) ?? { total: 0, missing: 0, damaged: 0 };
    t.total += row.n;
    if (row.condition === 'missing') t.missing += row.n;
    if (row.condition === 'damaged') t.damaged += row.n;
    totals.set(row.component_id, t);
  }
  return { jobs, held, requirements, totals, today: today() };
}

/** A job's own requirements, by component type. */
export function requirementsOf(s: Snapshot, jobId: string): Map<string, number> {
  const own = new Map<string, number>();
  for (const r of s.requirements) if (r.manifest_id === jobId) own.set(r.component_id, r.count);
  return own;
}
