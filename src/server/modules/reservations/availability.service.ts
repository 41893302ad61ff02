import type { FastifyInstance } from 'fastify';
import { isOverdue, today } from '../../../common/job-stages.ts';
import { windowOf, type Window } from '../../../common/reservations.ts';
import { planSearch } from '../../../common/search.ts';
import type { Stage } from '../../../common/round-trip.ts';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import type {
  Availability,
  AvailabilityQuery,
  Blocker,
  Booking,
  Calendar,
  CalendarQuery,
  ItemBookings,
  ManifestAvailability,
} from '../../../common/schemas/reservation.ts';
import type { Condition } from '../../../common/round-trip.ts';
import { notFound } from '../../errors.ts';
import { covers, scopeOf, type Scope } from '../catalog/scope.ts';
import { searchItems } from '../items/item-list.repo.ts';
import { componentCounts, holdingsOf, isShort } from './availability.ts';
import { calendarCounts } from './calendar-counts.ts';
import { stateOfJob } from './reservation-checks.ts';
import { reservationsRepo, type JobRow } from './reservations.repo.ts';
import { loadSnapshot } from './snapshot.ts';

/*
 * The reads of reservations (docs/decisions.md, "Reservations: how availability is
 * counted"): what is free for a window, how a job stands, the calendar, an item's bookings.
 * They count with the same functions as the writes' checks (availability.ts).
 */

const ITEMS_DEFAULT = 50;

/** A client user sees only their own client's jobs in the way (the rest still count). */
function visibleBlockers(blockers: Blocker[], scope: Scope, jobs: Map<string, JobRow>): Blocker[] {
  return blockers.filter((b) => covers(scope, jobs.get(b.manifest_id)?.client_id ?? null));
}

export async function availability(
  app: FastifyInstance,
  query: AvailabilityQuery,
  user: CurrentUser,
): Promise<Availability> {
  const scope = scopeOf(user);
  const window: Window = { from: query.from, to: query.to };
  const types = query.component_id ? [query.component_id] : undefined;
  const itemIds = await matchingItems(app, query, scope);
  const self = query.exclude_manifest
    ? await reservationsRepo.job(app.db, query.exclude_manifest, scope)
    : undefined;
  if (query.exclude_manifest && !self) throw notFound('Manifest');
  const snapshot = await loadSnapshot(app.db, window, {
    scope,
    types,
    items: itemIds,
  });
  const holdings = holdingsOf(snapshot, window, self?.id ?? null);
  const componentIds = types ?? [...snapshot.totals.keys()];
  const names = await reservationsRepo.componentNames(app.db, componentIds);
  const components = componentIds
    .filter((id) => names.has(id))
    .map((id) => componentCounts(snapshot, holdings, id, names.get(id)!))
    .sort((a, b) => a.name.localeCompare(b.name));
  const rows = await reservationsRepo.items(app.db, itemIds, scope);
  let items = rows.map((row) => {
    const blockers = holdings.byItem.get(row.id) ?? [];
    return {
      id: row.id,
      name: row.name,
      component_id: row.component_id,
      component_name: row.component_name,
      condition: row.condition as Condition,
      contents_count: row.contents_count,
      available: row.condition !== 'missing' && blockers.length === 0,
      at_risk: blockers.some((b) => b.overdue),
      held_by: visibleBlockers(blockers, scope, snapshot.jobs),
    };
  });
  if (query.free) items = items.filter((i) => i.available);
  items.sort(
    (a, b) =>
      Number(b.contents_count > 0) - Number(a.contents_count > 0) ||
      (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff') ||
      a.id.localeCompare(b.id),
  );
  return { from: query.from, to: query.to, components, items };
}

/**
 * The items the availability answer lists: matching q (ranked search) and/or of a
 * component type, of the item types asked (the home list's type filter) when given.
 */
async function matchingItems(
  app: FastifyInstance,
  query: AvailabilityQuery,
  scope: Scope,
): Promise<string[]> {
  const limit = query.limit ?? ITEMS_DEFAULT;
  const plan = query.q ? planSearch(query.q) : null;
  if (plan) {
    const page = await searchItems(app.db, app.dialect, {
      filters: { scope, statuses: query.status },
      plan,
      limit: query.component_id ? limit * 4 : limit,
      offset: 0,
    });
    return page.items
      .filter((i) => !query.component_id || i.component_id === query.component_id)
      .slice(0, limit)
      .map((i) => i.id);
  }
  if (query.component_id || query.status?.length) {
    const only = { componentId: query.component_id, statuses: query.status };
    return reservationsRepo.itemIdsOf(app.db, only, scope, limit);
  }
  return [];
}

export async function manifestAvailability(
  app: FastifyInstance,
  id: string,
  user: CurrentUser,
): Promise<ManifestAvailability> {
  const scope = scopeOf(user);
  const job = await reservationsRepo.job(app.db, id, scope);
  if (!job) throw notFound('Manifest');
  const held = windowOf(job);
  // Without both dates it holds nothing ahead: shown as things stand today.
  const day = today();
  const window = held ?? { from: day, to: day };
  const state = await stateOfJob(app.db, job, window);
  const lines = await reservationsRepo.lines(app.db, id);
  const typeIds = [...state.types.keys()];
  const names = await reservationsRepo.componentNames(app.db, typeIds);
  const jobs = new Map<string, JobRow>();
  const snapshotJobs = await reservationsRepo.holdingJobs(app.db, window);
  for (const j of snapshotJobs) jobs.set(j.id, j);
  const requirements = [...state.types.values()]
    .filter((t) => t.required > 0)
    .map((t) => ({
      component_id: t.component_id,
      component_name: names.get(t.component_id) ?? '',
      required: t.required,
      fulfilled: t.fulfilled,
      available: t.available,
      short: Math.max(0, t.required - t.fulfilled - Math.max(0, t.available)),
      at_risk: t.at_risk,
      blocking: visibleBlockers(t.blocking, scope, jobs),
    }))
    .sort((a, b) => a.component_name.localeCompare(b.component_name));
  const reservations = lines.map(({ condition, ...line }) => {
    const s = state.items.get(line.item_id);
    return {
      ...line,
      condition: condition as Condition,
      available: s?.available ?? condition !== 'missing',
      at_risk: s?.at_risk ?? false,
      blocking: visibleBlockers(s?.blocking ?? [], scope, jobs),
    };
  });
  return {
    manifest_id: id,
    stage: job.stage as Stage,
    from: held?.from ?? null,
    to: held?.to ?? null,
    requirements,
    reservations,
    short: isShort(state),
  };
}

/**
 * Jobs whose windows overlap from…to, each with its shortage flag. Read once for every
 * day any of them spans (a job reaching past the range meets jobs that do not reach into
 * it), then counted for all of them in one pass (calendar-counts.ts).
 */
export async function calendar(
  app: FastifyInstance,
  query: CalendarQuery,
  user: CurrentUser,
): Promise<Calendar> {
  const scope = scopeOf(user);
  const range: Window = { from: query.from, to: query.to };
  let jobs = await reservationsRepo.jobsOverlapping(app.db, range, scope, query.client_id);
  const snapshot = await loadSnapshot(app.db, spanOf(range, jobs), {
    scope: { kind: 'all' },
    own: jobs,
  });
  if (query.component_id) {
    const wanted = query.component_id;
    const touching = new Set([
      ...snapshot.requirements.filter((r) => r.component_id === wanted).map((r) => r.manifest_id),
      ...snapshot.held.filter((r) => r.component_id === wanted).map((r) => r.manifest_id),
    ]);
    jobs = jobs.filter((j) => touching.has(j.id));
  }
  const counts = calendarCounts(snapshot, jobs);
  const day = today();
  const answer = jobs.map((job) => {
    const { items, required, short } = counts.get(job.id)!;
    return {
      id: job.id,
      name: job.name,
      client_id: job.client_id,
      client_name: job.client_name,
      stage: job.stage as Stage,
      out_date: job.out_date,
      due_date: job.due_date,
      prep_days: job.prep_days,
      turnaround_days: job.turnaround_days,
      from: job.window_from!,
      to: job.window_to!,
      items_count: items,
      required_count: [...required.values()].reduce((n, c) => n + c, 0),
      short: job.stage === 'closed' ? false : short,
      overdue: isOverdue({ stage: job.stage as Stage, due_date: job.due_date }, day),
    };
  });
  return { from: query.from, to: query.to, jobs: answer };
}

/** The range widened to every window of `jobs` (they overlap it, so one span covers all). */
function spanOf(range: Window, jobs: JobRow[]): Window {
  let { from, to } = range;
  for (const job of jobs) {
    if (job.window_from! < from) from = job.window_from!;
    if (job.window_to! > to) to = job.window_to!;
  }
  return { from, to };
}

/** An item's jobs: past trips, what it is packed or out on, and the jobs holding it ahead. */
export async function itemBookings(
  app: FastifyInstance,
  itemId: string,
  user: CurrentUser,
): Promise<ItemBookings> {
  const scope = scopeOf(user);
  const [item] = await reservationsRepo.items(app.db, [itemId], scope);
  if (!item) throw notFound('Item');
  const day = today();
  const bookings: Booking[] = (await reservationsRepo.bookingsOf(app.db, itemId, scope)).map(
    (row) => {
      const stage = row.stage as Stage;
      const kind: Booking['kind'] =
        row.trip && row.missing_at
          ? 'missing'
          : row.trip && row.returned_at
            ? 'returned'
            : row.packed && item.out_at
              ? 'out'
              : row.packed
                ? 'packed'
                : stage === 'reserved'
                  ? 'reserved'
                  : 'planned';
      return {
        manifest_id: row.id,
        name: row.name,
        stage,
        out_date: row.out_date,
        due_date: row.due_date,
        from: row.window_from,
        to: row.window_to,
        kind,
        overdue: isOverdue({ stage, due_date: row.due_date }, day),
      };
    },
  );
  bookings.sort(
    (a, b) => (b.from ?? '').localeCompare(a.from ?? '') || a.name.localeCompare(b.name),
  );
  const upcoming = bookings
    .filter(
      (b) =>
        (b.kind === 'reserved' || b.kind === 'packed' || b.kind === 'out') &&
        (b.to === null || b.to >= day),
    )
    .sort((a, b) => (a.from ?? '').localeCompare(b.from ?? ''));
  return { item_id: itemId, next: upcoming[0] ?? null, bookings };
}
