import {
  addDays,
  addMonths,
  daysBetween,
  endOfMonth,
  isDate,
  overlaps,
  startOfMonth,
  startOfWeek,
} from './dates.ts';

/** The planner's two timelines: seven day columns, or one column per day of a month. */
export type Span = 'week' | 'month';

/** The days the planner shows, inclusive, as the address carries them (?from=&to=). */
export interface PlannerRange {
  from: string;
  to: string;
}

/**
 * The longest range a link may open: a year of day columns is already unreadable, and the
 * server's calendar is measured for a quarter (docs/decisions.md, "Planner").
 */
export const MAX_RANGE_DAYS = 366;

/** The week or month around `day`. */
export function rangeAround(span: Span, day: string): PlannerRange {
  if (span === 'week') {
    const from = startOfWeek(day);
    return { from, to: addDays(from, 6) };
  }
  return { from: startOfMonth(day), to: endOfMonth(day) };
}

/** A week is seven days or fewer; anything longer is laid out as the month view is. */
export function spanOf(range: PlannerRange): Span {
  return daysBetween(range.from, range.to) < 7 ? 'week' : 'month';
}

/**
 * The range of a shared link, `?from=YYYY-MM-DD&to=YYYY-MM-DD`; the month around today
 * when either is missing, not a date, backwards or longer than MAX_RANGE_DAYS.
 */
export function rangeFromSearch(search: URLSearchParams, today: string): PlannerRange {
  const from = search.get('from');
  const to = search.get('to');
  if (isDate(from) && isDate(to) && from <= to && daysBetween(from, to) < MAX_RANGE_DAYS) {
    return { from, to };
  }
  return rangeAround('month', today);
}

/**
 * The range before (-1) or after (+1): a calendar week or month moves by one; any other
 * range (a shared link's) by its own length.
 */
export function shiftRange(range: PlannerRange, direction: 1 | -1): PlannerRange {
  const week = rangeAround('week', range.from);
  if (week.from === range.from && week.to === range.to) {
    return rangeAround('week', addDays(range.from, 7 * direction));
  }
  const month = rangeAround('month', range.from);
  if (month.from === range.from && month.to === range.to) {
    return rangeAround('month', addMonths(range.from, direction));
  }
  const length = daysBetween(range.from, range.to) + 1;
  return {
    from: addDays(range.from, length * direction),
    to: addDays(range.to, length * direction),
  };
}

/** Every day of the range, in order. */
export function daysOf(range: PlannerRange): string[] {
  const count = daysBetween(range.from, range.to) + 1;
  return Array.from({ length: count }, (_, i) => addDays(range.from, i));
}

/** Where a job's bar sits on the range's day columns (1-based, as CSS grid counts). */
export interface BarPlace {
  column: number;
  span: number;
  /** The window starts before the range or ends after it: the bar's cut end is marked. */
  cutStart: boolean;
  cutEnd: boolean;
}

/** The bar of a window on the range, or null when they share no day. */
export function barPlace(window: PlannerRange, range: PlannerRange): BarPlace | null {
  if (!overlaps(window, range)) return null;
  const from = window.from < range.from ? range.from : window.from;
  const to = window.to > range.to ? range.to : window.to;
  return {
    column: daysBetween(range.from, from) + 1,
    span: daysBetween(from, to) + 1,
    cutStart: window.from < range.from,
    cutEnd: window.to > range.to,
  };
}

/** One week of the narrow-screen list: its days within the range and the jobs on them. */
export interface WeekGroup<J> {
  from: string;
  to: string;
  jobs: J[];
}

/**
 * The range cut into Monday-to-Sunday weeks (the first and last cut to the range), each
 * with the jobs whose window touches it, in the order given. A job spanning three weeks
 * is listed in each; weeks with no job are kept, so a quiet week reads as one.
 */
export function groupByWeek<J>(
  jobs: J[],
  range: PlannerRange,
  windowOf: (job: J) => PlannerRange,
): WeekGroup<J>[] {
  const weeks: WeekGroup<J>[] = [];
  for (let monday = startOfWeek(range.from); monday <= range.to; monday = addDays(monday, 7)) {
    const from = monday < range.from ? range.from : monday;
    const sunday = addDays(monday, 6);
    const to = sunday > range.to ? range.to : sunday;
    weeks.push({ from, to, jobs: jobs.filter((job) => overlaps(windowOf(job), { from, to })) });
  }
  return weeks;
}

/** The address of a range, to share: `/planner?from=…&to=…`. */
export function plannerHref(range: PlannerRange): string {
  return `/planner?from=${range.from}&to=${range.to}`;
}
