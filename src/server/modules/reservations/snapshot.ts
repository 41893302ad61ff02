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
  // The counts per type do not depend on the jobs: read alongside them, and what the jobs
  // hold alongside their requirements (two round trips' wait instead of four on PostgreSQL).
  const [{ jobs, held, requirements }, totalRows] = await Promise.all([
    jobsAndTheirRows(db, window, options),
    reservationsRepo.typeTotals(db, options.scope, options.types),
  ]);
  const totals = new Map<string, TypeTotal>();
  for (const row of totalRows) {
    const t = totals.get(row.component_id) ?? { total: 0, missing: 0, damaged: 0 };
    t.total += row.n;
    if (row.condition === 'missing') t.missing += row.n;
    if (row.condition === 'damaged') t.damaged += row.n;
    totals.set(row.component_id, t);
  }
  return { jobs, held, requirements, totals, today: today() };
}

/** The jobs that may hold kit in the window (and `own`), what they hold, what they need. */
async function jobsAndTheirRows(
  db: Kysely<Database>,
  window: Window,
  options: { own?: JobRow[]; types?: string[]; items?: string[] },
): Promise<Pick<Snapshot, 'jobs' | 'held' | 'requirements'>> {
  const holding = await reservationsRepo.holdingJobs(db, window);
  const jobs = new Map<string, JobRow>();
  for (const job of [...holding, ...(options.own ?? [])]) jobs.set(job.id, job);
  const ids = [...jobs.keys()];
  const reservedIds = ids.filter((id) => jobs.get(id)!.stage === 'reserved');
  const [held, requirements] = await Promise.all([
    heldBy(db, ids, options),
    reservationsRepo.requirements(db, [
      ...new Set([...reservedIds, ...(options.own ?? []).map((j) => j.id)]),
    ]),
  ]);
  return { jobs, held, requirements };
}

/** What the jobs hold: of every type, or of the types counted and the items listed. */
async function heldBy(
  db: Kysely<Database>,
  ids: string[],
  options: { types?: string[]; items?: string[] },
): Promise<HeldRow[]> {
  if (options.types === undefined) return reservationsRepo.held(db, ids);
  const ofTypes = await reservationsRepo.held(db, ids, { componentIds: options.types });
  if (!options.items?.length) return ofTypes;
  return ofTypes.concat(await reservationsRepo.held(db, ids, { itemIds: options.items }));
}

/** A job's own requirements, by component type. */
export function requirementsOf(s: Snapshot, jobId: string): Map<string, number> {
  const own = new Map<string, number>();
  for (const r of s.requirements) if (r.manifest_id === jobId) own.set(r.component_id, r.count);
  return own;
}
