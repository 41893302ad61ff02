import type { Stage } from '../../../common/round-trip.ts';

export const STAGE_LABELS: Record<Stage, string> = {
  planning: 'Planning',
  out: 'Out',
  closed: 'Closed',
};

/** "10 Jul 2026" for a calendar date (YYYY-MM-DD), the same day in every time zone. */
export function calendarDate(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** Today as YYYY-MM-DD in UTC: the day the server counts overdue jobs by (/out). */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A job still out after its due date (on the due date itself it is not late yet). */
export function isOverdue(job: { stage: Stage; due_date: string | null }, day = today()): boolean {
  return job.stage === 'out' && job.due_date !== null && job.due_date < day;
}
