/**
 * Calendar-day arithmetic on YYYY-MM-DD strings for the planner and bookings. Days are
 * counted in UTC, as the server counts windows and overdue (src/common/job-stages.ts
 * `today`), so a job's bar sits on the same days in every time zone.
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const toMs = (ymd: string) => Date.parse(`${ymd}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Whether `text` is a real calendar date written YYYY-MM-DD (not 2026-02-30). */
export function isDate(text: string | null | undefined): text is string {
  if (!text || !ISO_DATE.test(text)) return false;
  const ms = toMs(text);
  return !Number.isNaN(ms) && fromMs(ms) === text;
}

export function addDays(ymd: string, days: number): string {
  return fromMs(toMs(ymd) + days * DAY_MS);
}

/** Whole days from `a` to `b` (0 on the same day, negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toMs(b) - toMs(a)) / DAY_MS);
}

/** The Monday of the week `ymd` is in (weeks run Monday to Sunday). */
export function startOfWeek(ymd: string): string {
  const weekday = (new Date(toMs(ymd)).getUTCDay() + 6) % 7;
  return addDays(ymd, -weekday);
}

export function startOfMonth(ymd: string): string {
  return `${ymd.slice(0, 7)}-01`;
}

export function endOfMonth(ymd: string): string {
  const [y, m] = ymd.split('-').map(Number);
  return fromMs(Date.UTC(y!, m!, 0));
}

/** The first day of the month `months` after the one `ymd` is in. */
export function addMonths(ymd: string, months: number): string {
  const [y, m] = ymd.split('-').map(Number);
  return fromMs(Date.UTC(y!, m! - 1 + months, 1));
}

/** "June 2026" */
export function monthTitle(ymd: string): string {
  const [y, m] = ymd.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Whether two inclusive day ranges share at least one day. */
export function overlaps(a: { from: string; to: string }, b: { from: string; to: string }) {
  return a.from <= b.to && b.from <= a.to;
}
