import type { Kysely, Transaction } from 'kysely';
import { itemHeldText, shortText, windowOf, type Window } from '../../../common/reservations.ts';
import type { Database } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import { entityActivity, type Actor } from '../activity/activity.repo.ts';
import { EVERYTHING } from '../catalog/scope.ts';
import { holdingsOf, jobState, type JobState } from './availability.ts';
import { reservationsRepo, type JobRow } from './reservations.repo.ts';
import { loadSnapshot, requirementsOf } from './snapshot.ts';

/*
 * The check every write that adds to what a reserved job holds runs in its own
 * transaction, after reservationsRepo.lock: reserve, a named reservation, a requirement
 * added or raised, new dates. A conflict is a 409 `overbooked` naming the jobs in the way,
 * unless the write says override with a note: then the note goes into the feed.
 */

export interface OverrideOptions {
  override?: boolean;
  override_note?: string | null;
}

/** Narrows the check to what the write touched (undefined: the whole job). */
export interface CheckFocus {
  items?: string[];
  types?: string[];
}

const MAX_PROBLEMS_TOLD = 3;

/** How the job stands for its window, read inside the caller's transaction. */
export async function stateOfJob(
  db: Kysely<Database>,
  job: JobRow,
  window: Window,
): Promise<JobState> {
  const own = await reservationsRepo.held(db, [job.id]);
  const ownRequirements = await reservationsRepo.requirements(db, [job.id]);
  const types = [
    ...new Set([
      ...ownRequirements.map((r) => r.component_id),
      ...own.flatMap((r) => (r.component_id ? [r.component_id] : [])),
    ]),
  ];
  const snapshot = await loadSnapshot(db, window, {
    scope: EVERYTHING,
    own: [job],
    types,
    items: own.map((r) => r.item_id),
  });
  const holdings = holdingsOf(snapshot, window, job.id);
  return jobState(snapshot, holdings, job.id, requirementsOf(snapshot, job.id));
}

/** The sentences a conflict is told in, for the focused part of the job. */
async function problemsOf(
  db: Kysely<Database>,
  state: JobState,
  focus: CheckFocus | undefined,
): Promise<string[]> {
  const items = [...state.items.values()].filter(
    (i) => !i.available && (!focus?.items || focus.items.includes(i.item_id)),
  );
  const focusTypes = focus
    ? new Set([
        ...(focus.types ?? []),
        ...[...state.items.values()]
          .filter((i) => focus.items?.includes(i.item_id) && i.component_id)
          .map((i) => i.component_id!),
      ])
    : null;
  const short = [...state.types.values()].filter(
    (t) => t.short > 0 && (!focusTypes || focusTypes.has(t.component_id)),
  );
  if (items.length === 0 && short.length === 0) return [];
  const named = await reservationsRepo.items(
    db,
    items.map((i) => i.item_id),
    EVERYTHING,
  );
  const names = new Map(named.map((i) => [i.id, i.name ?? 'An unnamed item']));
  const typeNames = await reservationsRepo.componentNames(
    db,
    short.map((t) => t.component_id),
  );
  return [
    ...items.map((i) =>
      i.condition === 'missing' && i.blocking.length === 0
        ? `${names.get(i.item_id) ?? 'An item'} is missing.`
        : itemHeldText(names.get(i.item_id) ?? 'An item', i.blocking),
    ),
    ...short.map((t) =>
      shortText(
        typeNames.get(t.component_id) ?? 'A component type',
        Math.max(t.required, t.fulfilled),
        t.fulfilled + t.available,
        t.blocking,
      ),
    ),
  ];
}

/**
 * Refuses (409 overbooked) what the reserved job `job` would hold twice, or records the
 * override with its note. Call after reservationsRepo.lock, in the write's transaction.
 */
export async function assertJobHolds(
  trx: Transaction<Database>,
  job: JobRow,
  options: OverrideOptions,
  actor: Actor | null,
  focus?: CheckFocus,
): Promise<void> {
  const window = windowOf(job);
  if (!window) {
    throw conflict(
      'A reserved job needs an out date and a due date. Unreserve it to clear them.',
      'dates_needed',
    );
  }
  const problems = await problemsOf(trx, await stateOfJob(trx, job, window), focus);
  if (problems.length === 0) return;
  const told = problems.slice(0, MAX_PROBLEMS_TOLD).join(' ');
  const more = problems.length - MAX_PROBLEMS_TOLD;
  const message = more > 0 ? `${told} And ${more} more.` : told;
  if (!options.override) throw conflict(message, 'overbooked');
  const note = options.override_note ?? '';
  await entityActivity(trx, 'MANIFEST', actor, job, 'OVERBOOK', `${note} — ${message}`);
}

/** A requirement added or raised: re-checked when its job is reserved. */
export async function recheckRequirement(
  trx: Transaction<Database>,
  manifestId: string,
  componentId: string,
  options: OverrideOptions,
  actor: Actor | null,
): Promise<void> {
  await reservationsRepo.lock(trx, manifestId);
  const job = await reservationsRepo.job(trx, manifestId, EVERYTHING);
  if (!job || job.stage !== 'reserved') return;
  await assertJobHolds(trx, job, options, actor, { types: [componentId] });
}
