import { shortDate } from '../../../common/inspections.ts';
import type { InspectionSchedule } from '../../../common/schemas/inspection.ts';

/** "Never done: due now", "Overdue since 4 Jun", "Due 4 Jun", "Failed 2 Jun: test again". */
export function nextDueText(
  s: Pick<InspectionSchedule, 'status' | 'next_due' | 'overdue'>,
): string {
  if (s.status === 'never') return 'Never done: due now';
  if (s.status === 'failed') return `Failed ${shortDate(s.next_due ?? '')}: test again`;
  if (s.overdue) return `Overdue since ${shortDate(s.next_due!)}`;
  return `Due ${shortDate(s.next_due!)}`;
}
