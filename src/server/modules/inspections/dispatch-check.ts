import type { Transaction } from 'kysely';
import type { DispatchInput } from '../../../common/schemas/inspection.ts';
import { shortDate } from '../../../common/inspections.ts';
import { today } from '../../../common/job-stages.ts';
import type { Database } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import { entityActivity, type Actor } from '../activity/activity.repo.ts';
import { jobSchedule } from './inspections.service.ts';

/**
 * What the inspections say about sending a job out (docs/decisions.md, "Inspections that
 * come due"): an item on it (or inside one) with a blocking inspection overdue, or whose
 * latest inspection of any kind failed, refuses dispatch with a 409 listing them. Staff
 * may override with a note: the dispatch goes ahead and an OVERRIDE entry keeps the list
 * and the note. Runs in the dispatch's transaction, so the feed and the dispatch agree.
 */
export async function checkInspectionsBeforeDispatch(
  trx: Transaction<Database>,
  job: { id: string; name: string },
  input: DispatchInput | undefined,
  actor: Actor,
): Promise<void> {
  const day = today();
  const problems = (await jobSchedule(trx, job.id, day)).flatMap((d) => {
    const item = d.item_name ?? 'An unnamed item';
    if (d.status === 'failed')
      return [`${item} failed its ${d.kind_name} on ${shortDate(d.next_due ?? day)}`];
    if (!d.blocks_dispatch || !d.overdue) return [];
    return [
      d.status === 'never'
        ? `${item} has never had its ${d.kind_name}`
        : `${item}: ${d.kind_name} overdue since ${shortDate(d.next_due!)}`,
    ];
  });
  if (problems.length === 0) return;
  const list = problems.join('; ');
  if (!input?.override) {
    throw conflict(
      `Not dispatched: ${list}. Staff may dispatch anyway with a note.`,
      'inspection_due',
    );
  }
  await entityActivity(trx, 'MANIFEST', actor, job, 'OVERRIDE', `${list} — ${input.note}`);
}
