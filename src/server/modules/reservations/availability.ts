import { isOverdue } from '../../../common/job-stages.ts';
import type { Stage } from '../../../common/round-trip.ts';
import type { Window } from '../../../common/reservations.ts';
import type { Blocker, ComponentAvailability } from '../../../common/schemas/reservation.ts';
import type { HeldRow, JobRow } from './reservations.repo.ts';

/*
 * How availability is counted (docs/decisions.md, "Reservations: how availability is
 * counted"), as pure functions over what the repository read: the jobs that may hold kit,
 * what they hold, their requirements and the items per type. Every read and every check
 * inside a write's transaction goes through these, so the answer and the refusal agree.
 */

export interface TypeTotal {
  total: number;
  missing: number;
  damaged: number;
}

export interface Snapshot {
  /** Jobs that may hold kit (reserved ones overlapping, every out job), by id. */
  jobs: Map<string, JobRow>;
  /** What those jobs hold (and the asking job's own rows, when there is one). */
  held: HeldRow[];
  requirements: Array<{ manifest_id: string; component_id: string; count: number }>;
  totals: Map<string, TypeTotal>;
  today: string;
}

export function blockerOf(job: JobRow, kind: Blocker['kind'], today: string): Blocker {
  return {
    manifest_id: job.id,
    name: job.name,
    stage: job.stage as Stage,
    from: job.window_from,
    to: job.window_to,
    kind,
    overdue: isOverdue({ stage: job.stage as Stage, due_date: job.due_date }, today),
  };
}

function overlapsWindow(job: JobRow, w: Window): boolean {
  return (
    job.window_from !== null &&
    job.window_to !== null &&
    job.window_from <= w.to &&
    job.window_to >= w.from
  );
}

/** Whether the row is one its job holds at all: an out job holds only what is out on it. */
export function rowCounts(job: JobRow, row: HeldRow): boolean {
  if (job.stage === 'reserved') return true;
  return job.stage === 'out' && row.out_at !== null && row.packed_on === job.id;
}

export interface Holdings {
  /** Other jobs holding each item in the window. */
  byItem: Map<string, Blocker[]>;
  /** Items (not missing) of each type held by other jobs, each counted once. */
  heldPerType: Map<string, Set<string>>;
  /** Other reserved jobs' unfilled counts per type. */
  unfilledPerType: Map<string, Blocker[]>;
}

const rowsByJobCache = new WeakMap<Snapshot, Map<string, HeldRow[]>>();

/** The snapshot's held rows by job, grouped once (the calendar counts every job of it). */
export function rowsByJob(s: Snapshot): Map<string, HeldRow[]> {
  let grouped = rowsByJobCache.get(s);
  if (!grouped) {
    grouped = new Map();
    for (const row of s.held) {
      const list = grouped.get(row.manifest_id);
      if (list) list.push(row);
      else grouped.set(row.manifest_id, [row]);
    }
    rowsByJobCache.set(s, grouped);
  }
  return grouped;
}

/**
 * Whether `job` can hold anything during `w` (its rows are then checked by rowCounts). A
 * reserved job holds its lines and what is packed on it for its window. An out job holds
 * what is out on it from its start until it is back: past its due date only when it is
 * overdue (then "expected back", at risk), since a job still on time brings it back before
 * a later window starts.
 */
export function mayHold(job: JobRow, w: Window, today: string): boolean {
  if (job.stage === 'reserved') return overlapsWindow(job, w);
  if (job.stage !== 'out') return false;
  if (job.window_from !== null && job.window_from > w.to) return false;
  if (job.window_to === null || job.window_to >= w.from) return true;
  return isOverdue({ stage: 'out', due_date: job.due_date }, today);
}

/** What every job but `selfId` holds during `w`. */
export function holdingsOf(s: Snapshot, w: Window, selfId: string | null): Holdings {
  const byItem = new Map<string, Blocker[]>();
  const heldPerType = new Map<string, Set<string>>();
  // Per other reserved job and type: the distinct items it holds (fills its requirement).
  const filled = new Map<string, Set<string>>();
  const grouped = rowsByJob(s);
  for (const job of s.jobs.values()) {
    if (job.id === selfId || !mayHold(job, w, s.today)) continue;
    const blocker = blockerOf(job, job.stage === 'out' ? 'out' : 'reserved', s.today);
    const seen = new Set<string>();
    for (const row of grouped.get(job.id) ?? []) {
      if (seen.has(row.item_id) || !rowCounts(job, row)) continue;
      seen.add(row.item_id);
      const list = byItem.get(row.item_id);
      if (list) list.push(blocker);
      else byItem.set(row.item_id, [blocker]);
      if (row.component_id === null) continue;
      if (row.condition !== 'missing') {
        const set = heldPerType.get(row.component_id) ?? new Set<string>();
        set.add(row.item_id);
        heldPerType.set(row.component_id, set);
      }
      if (job.stage === 'reserved') {
        const fk = `${row.manifest_id} ${row.component_id}`;
        const f = filled.get(fk) ?? new Set<string>();
        f.add(row.item_id);
        filled.set(fk, f);
      }
    }
  }
  const unfilledPerType = new Map<string, Blocker[]>();
  for (const req of s.requirements) {
    if (req.manifest_id === selfId) continue;
    const job = s.jobs.get(req.manifest_id);
    if (!job || job.stage !== 'reserved' || !overlapsWindow(job, w)) continue;
    const unfilled = req.count - (filled.get(`${req.manifest_id} ${req.component_id}`)?.size ?? 0);
    if (unfilled <= 0) continue;
    const list = unfilledPerType.get(req.component_id) ?? [];
    list.push({ ...blockerOf(job, 'count', s.today), count: unfilled });
    unfilledPerType.set(req.component_id, list);
  }
  return { byItem, heldPerType, unfilledPerType };
}

const sum = (blockers: Blocker[] | undefined) =>
  (blockers ?? []).reduce((n, b) => n + (b.count ?? 0), 0);

/** Per type: total, missing, held, unfilled, damaged, available for the window. */
export function componentCounts(
  s: Snapshot,
  h: Holdings,
  componentId: string,
  name: string,
): ComponentAvailability {
  const t = s.totals.get(componentId) ?? { total: 0, missing: 0, damaged: 0 };
  const held = h.heldPerType.get(componentId)?.size ?? 0;
  const unfilled = sum(h.unfilledPerType.get(componentId));
  return {
    component_id: componentId,
    name,
    total: t.total,
    missing: t.missing,
    held,
    unfilled,
    damaged: t.damaged,
    available: t.total - t.missing - held - unfilled,
  };
}

/** One item of a job as it stands for the window. */
export interface ItemState {
  item_id: string;
  component_id: string | null;
  condition: string;
  available: boolean;
  at_risk: boolean;
  blocking: Blocker[];
}

export interface RequirementState {
  component_id: string;
  required: number;
  fulfilled: number;
  available: number;
  short: number;
  at_risk: boolean;
  blocking: Blocker[];
}

export interface JobState {
  items: Map<string, ItemState>;
  /** Every type the job requires or holds items of (required 0 when only held by name). */
  types: Map<string, RequirementState>;
}

/**
 * How the job `selfId` stands for window `w`: each item it holds (free, or held by whom),
 * and per type required · fulfilled · available · short. A type the job holds more of by
 * name than it requires needs those too (demand = max(required, fulfilled)), so naming an
 * item cannot take a unit another job counts on.
 */
export function jobState(
  s: Snapshot,
  h: Holdings,
  selfId: string,
  ownRequirements: Map<string, number>,
): JobState {
  const items = new Map<string, ItemState>();
  const fulfilled = new Map<string, number>();
  const atRisk = new Set<string>();
  for (const row of s.held) {
    if (row.manifest_id !== selfId || items.has(row.item_id)) continue;
    const blocking = h.byItem.get(row.item_id) ?? [];
    const available = row.condition !== 'missing' && blocking.length === 0;
    const risky = blocking.some((b) => b.overdue);
    items.set(row.item_id, {
      item_id: row.item_id,
      component_id: row.component_id,
      condition: row.condition,
      available,
      at_risk: risky,
      blocking,
    });
    if (row.component_id === null) continue;
    if (available) fulfilled.set(row.component_id, (fulfilled.get(row.component_id) ?? 0) + 1);
    if (risky) atRisk.add(row.component_id);
  }
  const types = new Map<string, RequirementState>();
  const componentIds = new Set([...ownRequirements.keys(), ...fulfilled.keys()]);
  for (const id of componentIds) {
    const counts = componentCounts(s, h, id, '');
    const pool = counts.total - counts.missing - counts.held;
    const required = ownRequirements.get(id) ?? 0;
    const have = fulfilled.get(id) ?? 0;
    const free = pool - counts.unfilled;
    const demand = Math.max(required, have);
    types.set(id, {
      component_id: id,
      required,
      fulfilled: have,
      available: free - have,
      short: Math.max(0, demand - Math.max(0, free)),
      at_risk: atRisk.has(id),
      blocking: blockersOfType(h, id),
    });
  }
  return { items, types };
}

/** The other jobs in the way of a type: holding items of it, or still needing some. */
function blockersOfType(h: Holdings, componentId: string): Blocker[] {
  const found = new Map<string, Blocker>();
  const ofType = h.heldPerType.get(componentId);
  if (ofType) {
    for (const itemId of ofType) {
      for (const b of h.byItem.get(itemId) ?? [])
        if (!found.has(b.manifest_id)) found.set(b.manifest_id, b);
    }
  }
  for (const b of h.unfilledPerType.get(componentId) ?? []) {
    if (!found.has(b.manifest_id)) found.set(b.manifest_id, b);
  }
  return [...found.values()].slice(0, 20);
}

/** Whether anything the job needs is short or held elsewhere. */
export function isShort(state: JobState): boolean {
  for (const item of state.items.values()) if (!item.available) return true;
  for (const type of state.types.values()) if (type.short > 0) return true;
  return false;
}
