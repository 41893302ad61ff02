import type { FastifyInstance } from 'fastify';
import { addDays, DIGEST_WINDOW_DAYS, shortDate } from '../../../common/inspections.ts';
import { isOverdue, today } from '../../../common/job-stages.ts';
import type { DueInspection } from '../../../common/schemas/inspection.ts';
import { nowIso } from '../../lib/ids.ts';
import { schedulePeriodic, type PeriodicHandle } from '../../lib/leases/periodic.ts';
import { EVERYTHING } from '../catalog/scope.ts';
import { manifestsRepo } from '../manifests/manifests.repo.ts';
import { toManifest } from '../manifests/manifests.service.ts';
import { dueInspections } from './inspections.service.ts';
import { inspectionsRepo } from './inspections.repo.ts';

/**
 * The daily digest email to staff who switched it on (docs/decisions.md, "Inspections
 * that come due"): inspections due this week, jobs overdue, jobs due back tomorrow. One
 * instance sends it (the lease of lib/leases, as purge and webhooks use), and a row per
 * member and day (digest_sends) is written before each email, so neither a second
 * instance nor a restart sends the same day's digest twice.
 */
export const DIGEST_WORK = 'daily-digest';
/** Each instance looks this often; after a run nobody looks again for RUN_EVERY_MS. */
const CHECK_EVERY_MS = 5 * 60_000;
const RUN_EVERY_MS = 15 * 60_000;

export interface DigestContent {
  due: DueInspection[];
  overdueJobs: Array<{ name: string; due_date: string | null }>;
  dueTomorrow: Array<{ name: string }>;
}

export async function digestContent(app: FastifyInstance, day: string): Promise<DigestContent> {
  const jobs = (await manifestsRepo.list(app.db, app.dialect, EVERYTHING)).map(toManifest);
  const tomorrow = addDays(day, 1);
  return {
    due: await dueInspections(app.db, DIGEST_WINDOW_DAYS, day),
    overdueJobs: jobs.filter((j) => isOverdue(j, day)),
    dueTomorrow: jobs.filter((j) => j.stage === 'out' && j.due_date === tomorrow),
  };
}

const isEmpty = (c: DigestContent) =>
  c.due.length === 0 && c.overdueJobs.length === 0 && c.dueTomorrow.length === 0;

export function digestText(c: DigestContent, publicUrl: string): string {
  const section = (title: string, lines: string[]) =>
    `${title}\n${lines.length ? lines.map((l) => `- ${l}`).join('\n') : '- none'}`;
  return [
    section(
      'Inspections due this week',
      c.due.map((d) => {
        const when =
          d.status === 'never'
            ? 'never done'
            : d.status === 'failed'
              ? 'failed, test again'
              : d.overdue
                ? `overdue since ${shortDate(d.next_due!)}`
                : `due ${shortDate(d.next_due!)}`;
        return `${d.item_name ?? 'Unnamed item'}: ${d.kind_name} ${when}`;
      }),
    ),
    section(
      'Jobs overdue',
      c.overdueJobs.map((j) => `${j.name} (due back ${shortDate(j.due_date!)})`),
    ),
    section(
      'Jobs due back tomorrow',
      c.dueTomorrow.map((j) => j.name),
    ),
    `Everything due: ${publicUrl}/inspections`,
    'You get this email because you switched on the daily digest in your profile.',
  ].join('\n\n');
}

/**
 * Sends the day's digest to every member who switched it on and has not had it today.
 * Nothing to report: no email (the day is still marked, so nobody is asked again).
 */
export async function sendDailyDigest(
  app: FastifyInstance,
  now: Date,
  signal?: AbortSignal,
): Promise<number> {
  const day = today(now);
  const members = await inspectionsRepo.digestMembers(app.db);
  if (members.length === 0) return 0;
  const content = await digestContent(app, day);
  const text = digestText(content, app.config.publicUrl);
  let sent = 0;
  for (const member of members) {
    if (signal?.aborted) break;
    if (!(await inspectionsRepo.claimDigest(app.db, member.id, day, nowIso()))) continue;
    if (isEmpty(content)) continue;
    try {
      await app.mailer.send({
        to: member.email,
        subject: `Yardkeep daily digest, ${shortDate(day)}`,
        text,
        link: `${app.config.publicUrl}/inspections`,
      });
      sent++;
    } catch (err) {
      // Not sent: unmarked, so the next look tries again.
      await inspectionsRepo.unclaimDigest(app.db, member.id, day);
      app.log.warn({ err }, 'could not send a daily digest');
    }
  }
  return sent;
}

export function scheduleDigest(app: FastifyInstance): PeriodicHandle {
  return schedulePeriodic(app, {
    name: DIGEST_WORK,
    everyMs: RUN_EVERY_MS,
    checkEveryMs: CHECK_EVERY_MS,
    hasWork: async () => (await inspectionsRepo.digestMembers(app.db)).length > 0,
    run: async (signal) => {
      await sendDailyDigest(app, new Date(), signal);
    },
  });
}
