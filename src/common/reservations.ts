/**
 * A job's window and the sentences its conflicts are told in (docs/decisions.md,
 * "Reservations: how availability is counted"), written once for the server and the web.
 */

export interface JobDates {
  out_date: string | null;
  due_date: string | null;
  prep_days: number;
  turnaround_days: number;
}

export interface Window {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

/** YYYY-MM-DD moved by whole days (UTC, so no daylight saving shifts). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The days a job holds its kit: out_date − prep_days … due_date + turnaround_days, both
 * ends included. A job without both dates has no window: it holds nothing in the future.
 */
export function windowOf(job: JobDates): Window | null {
  if (!job.out_date || !job.due_date) return null;
  return {
    from: addDays(job.out_date, -job.prep_days),
    to: addDays(job.due_date, job.turnaround_days),
  };
}

/** Two windows share at least one day. */
export function overlaps(a: Window, b: Window): boolean {
  return a.from <= b.to && b.from <= a.to;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parts(day: string): { y: string; m: string; d: number } {
  return {
    y: day.slice(0, 4),
    m: MONTHS[Number(day.slice(5, 7)) - 1] ?? '',
    d: Number(day.slice(8, 10)),
  };
}

/** "12 Jun" (the year only when it is not `thisYear`). */
export function formatDay(day: string, thisYear?: string): string {
  const p = parts(day);
  return thisYear && p.y !== thisYear ? `${p.d} ${p.m} ${p.y}` : `${p.d} ${p.m}`;
}

/** "3–9 Jun", "28 May–3 Jun", "28 Dec 2026–3 Jan 2027". */
export function formatWindow(w: Window): string {
  const a = parts(w.from);
  const b = parts(w.to);
  if (a.y !== b.y) return `${a.d} ${a.m} ${a.y}–${b.d} ${b.m} ${b.y}`;
  if (a.m !== b.m) return `${a.d} ${a.m}–${b.d} ${b.m}`;
  return a.d === b.d ? `${a.d} ${a.m}` : `${a.d}–${b.d} ${b.m}`;
}

/** A job in the way, as a conflict names it. */
export interface Holder {
  name: string;
  from: string | null;
  to: string | null;
  /** Out past its due date. */
  overdue: boolean;
}

/** "Summer show 3–9 Jun", "Summer show (overdue, expected back)". */
export function holderText(h: Holder): string {
  if (h.overdue) return `${h.name} (overdue, expected back: at risk)`;
  if (!h.from || !h.to) return `${h.name} until it is back`;
  return `${h.name} ${formatWindow({ from: h.from, to: h.to })}`;
}

/** "Stage deck 12 is on Summer show 3–9 Jun." */
export function itemHeldText(itemName: string, holders: Holder[]): string {
  return `${itemName} is on ${holders.map(holderText).join(' and ')}.`;
}

/** "Stage deck: 5 required, 3 available (short 2): Summer show 3–9 Jun." */
export function shortText(
  componentName: string,
  required: number,
  available: number,
  holders: Holder[],
): string {
  const short = required - Math.max(0, available);
  const who = holders.length ? `: ${holders.map(holderText).join(', ')}` : '';
  return `${componentName}: ${required} required, ${Math.max(0, available)} available (short ${short})${who}.`;
}

/** The question packing asks first: "Reserved for Autumn fair from 12 Jun. Pack it anyway?" */
export function reservedElsewhereText(h: { name: string; from: string | null }): string {
  const from = h.from ? ` from ${formatDay(h.from)}` : '';
  return `Reserved for ${h.name}${from}. Pack it anyway?`;
}
