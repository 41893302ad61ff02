import { STAGES, type Stage } from './round-trip.ts';
import { canTransition } from './job-stages.ts';

/**
 * Inspections that come due (docs/decisions.md, "Inspections that come due"): when an
 * item's next inspection of a kind is due, written once for the server and the web.
 */

export const INSPECTION_RESULTS = ['passed', 'failed'] as const;
export type InspectionResult = (typeof INSPECTION_RESULTS)[number];

/** Where an item stands with one kind of inspection. */
export type InspectionStatus = 'never' | InspectionResult;

/** An attachment is a photo or a PDF certificate of at most this size (20 MB, as uploads). */
export const MAX_ATTACHMENT_BYTES = 20 * 1048576;
/** Attachments one inspection may carry. */
export const MAX_ATTACHMENTS = 3;
/** The whole request: the attachments and the form's few fields. */
export const MAX_INSPECTION_REQUEST_BYTES = MAX_ATTACHMENTS * MAX_ATTACHMENT_BYTES + 1048576;

/** The due list's default window, and the digest's. */
export const DUE_WINDOW_DAYS = 30;
export const DIGEST_WINDOW_DAYS = 7;

/** YYYY-MM-DD plus a number of days (UTC calendar days). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * When the next inspection is due, from the latest one recorded: the interval after a pass;
 * at once after a failure (it needs a new test once repaired) or when never inspected (null).
 */
export function nextDue(
  last: { result: InspectionResult; date: string } | null,
  intervalDays: number,
): string | null {
  if (!last) return null;
  return last.result === 'passed' ? addDays(last.date, intervalDays) : last.date;
}

/**
 * Overdue: never inspected, last failed, or past the due date (on the due date itself it is
 * not late yet, as with jobs).
 */
export function isInspectionOverdue(
  status: InspectionStatus,
  due: string | null,
  day: string,
): boolean {
  return status !== 'passed' || due === null || due < day;
}

/** Due within the window (overdue included): `due` on or before `until`. */
export function isDueBy(status: InspectionStatus, due: string | null, until: string): boolean {
  return status !== 'passed' || due === null || due <= until;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "4 Jun" (UTC), as the crew reads a date on a job. */
export function shortDate(day: string): string {
  const [, month, date] = day.split('-').map(Number);
  return `${date} ${MONTHS[(month ?? 1) - 1]}`;
}

/**
 * Jobs whose items' inspections are worth listing: those not sent out yet, read from the
 * stage table (the stages that may still be dispatched), so a stage added there (reserved)
 * is covered without a change here.
 */
export const STAGES_BEFORE_DISPATCH: readonly Stage[] = STAGES.filter((s) =>
  canTransition(s, 'dispatch'),
);

/** "PAT test due 4 Jun, before Summer show returns", or "… overdue since 4 Jun" / "never done". */
export function jobDueText(
  due: { kind_name: string; next_due: string | null; status: InspectionStatus },
  jobName: string,
  day: string,
): string {
  if (due.status === 'never') return `${due.kind_name} never done`;
  if (due.status === 'failed')
    return `${due.kind_name} failed on ${shortDate(due.next_due ?? day)}`;
  if (due.next_due !== null && due.next_due < day) {
    return `${due.kind_name} overdue since ${shortDate(due.next_due)}`;
  }
  return `${due.kind_name} due ${shortDate(due.next_due ?? day)}, before ${jobName} returns`;
}
