import type { Window } from '../../../common/reservations.ts';
import { mayHold, rowCounts, rowsByJob, type Snapshot } from './availability.ts';
import type { JobRow } from './reservations.repo.ts';

/*
 * The calendar's counts for many jobs at once (docs/decisions.md, "Reservations: how
 * availability is counted"). holdingsOf + jobState count one job by walking everything
 * every other job holds; asking that of each job in a quarter walked the same rows a
 * hundred times. Here what each job holds is indexed once (per job: its items by type and
 * what it still needs; per item: who holds it), and each job then asks only the few jobs
 * holding during its own window about its own items and types. The answers are jobState's
 * and isShort's: calendar.test.ts holds every job's flag equal to its own availability.
 */

/** What each of the snapshot's jobs holds, whatever the window (asked per job). */
interface HolderIndex {
  /** The jobs holding each item. */
  holders: Map<string, string[]>;
  /** Per job: the items (not missing) it holds, by type. */
  heldBy: Map<string, Map<string, string[]>>;
  /** Per reserved job: what it still needs per type (required less the items it holds). */
  unfilledBy: Map<string, Map<string, number>>;
  /** Each job's requirements, by type. */
  requirementsOf: Map<string, Map<string, number>>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function indexHolders(s: Snapshot): HolderIndex {
  const holders = new Map<string, string[]>();
  const heldBy = new Map<string, Map<string, string[]>>();
  // Per reserved job and type: how many distinct items it holds (they fill its requirement).
  const filled = new Map<string, number>();
  for (const [jobId, rows] of rowsByJob(s)) {
    const job = s.jobs.get(jobId);
    if (!job) continue;
    const seen = new Set<string>();
    const ofType = new Map<string, string[]>();
    for (const row of rows) {
      if (seen.has(row.item_id) || !rowCounts(job, row)) continue;
      seen.add(row.item_id);
      push(holders, row.item_id, job.id);
      if (row.component_id === null) continue;
      if (row.condition !== 'missing') push(ofType, row.component_id, row.item_id);
      if (job.stage === 'reserved') {
        const key = `${job.id} ${row.component_id}`;
        filled.set(key, (filled.get(key) ?? 0) + 1);
      }
    }
    heldBy.set(job.id, ofType);
  }
  const unfilledBy = new Map<string, Map<string, number>>();
  const requirementsOf = new Map<string, Map<string, number>>();
  for (const req of s.requirements) {
    const own = requirementsOf.get(req.manifest_id) ?? new Map<string, number>();
    own.set(req.component_id, req.count);
    requirementsOf.set(req.manifest_id, own);
    if (s.jobs.get(req.manifest_id)?.stage !== 'reserved') continue;
    const count = req.count - (filled.get(`${req.manifest_id} ${req.component_id}`) ?? 0);
    if (count <= 0) continue;
    const needs = unfilledBy.get(req.manifest_id) ?? new Map<string, number>();
    needs.set(req.component_id, count);
    unfilledBy.set(req.manifest_id, needs);
  }
  return { holders, heldBy, unfilledBy, requirementsOf };
}

export interface CalendarCounts {
  /** The distinct items the job holds (named or packed). */
  items: number;
  /** Its requirements, by type. */
  required: Map<string, number>;
  /** isShort(jobState(...)) for the job's own window. */
  short: boolean;
}

/** Each job's counts and shortage flag for its own window. */
export function calendarCounts(s: Snapshot, jobs: JobRow[]): Map<string, CalendarCounts> {
  const index = indexHolders(s);
  const rows = rowsByJob(s);
  const everyJob = [...s.jobs.values()];
  const answer = new Map<string, CalendarCounts>();
  for (const job of jobs) {
    const w: Window = { from: job.window_from!, to: job.window_to! };
    // The other jobs holding during this one's window.
    const inTheWay = new Set(
      everyJob.filter((o) => o.id !== job.id && mayHold(o, w, s.today)).map((o) => o.id),
    );
    let short = false;
    const fulfilled = new Map<string, number>();
    const seen = new Set<string>();
    for (const row of rows.get(job.id) ?? []) {
      if (seen.has(row.item_id)) continue;
      seen.add(row.item_id);
      const heldElsewhere = (index.holders.get(row.item_id) ?? []).some((id) => inTheWay.has(id));
      if (row.condition === 'missing' || heldElsewhere) short = true;
      else if (row.component_id !== null)
        fulfilled.set(row.component_id, (fulfilled.get(row.component_id) ?? 0) + 1);
    }
    const required = index.requirementsOf.get(job.id) ?? new Map<string, number>();
    if (!short) short = anyTypeShort(s, index, inTheWay, required, fulfilled);
    answer.set(job.id, { items: seen.size, required, short });
  }
  return answer;
}

/**
 * jobState's count per type: free = total − missing − held by the jobs in the way (each
 * item once) − what those still need; short when the job wants more than is free.
 */
function anyTypeShort(
  s: Snapshot,
  index: HolderIndex,
  inTheWay: Set<string>,
  required: Map<string, number>,
  fulfilled: Map<string, number>,
): boolean {
  const types = new Set([...required.keys(), ...fulfilled.keys()]);
  const held = new Map<string, Set<string>>();
  const unfilled = new Map<string, number>();
  for (const id of inTheWay) {
    for (const [type, items] of index.heldBy.get(id) ?? []) {
      if (!types.has(type)) continue;
      const set = held.get(type) ?? new Set<string>();
      for (const item of items) set.add(item);
      held.set(type, set);
    }
    for (const [type, count] of index.unfilledBy.get(id) ?? []) {
      if (types.has(type)) unfilled.set(type, (unfilled.get(type) ?? 0) + count);
    }
  }
  for (const type of types) {
    const totals = s.totals.get(type) ?? { total: 0, missing: 0, damaged: 0 };
    const free =
      totals.total - totals.missing - (held.get(type)?.size ?? 0) - (unfilled.get(type) ?? 0);
    const demand = Math.max(required.get(type) ?? 0, fulfilled.get(type) ?? 0);
    if (demand - Math.max(0, free) > 0) return true;
  }
  return false;
}
