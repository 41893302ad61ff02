import type { FastifyInstance } from 'fastify';
import { ACTIVITY_PAGE_SIZE, type ActivityEntry } from '../../../common/schemas/activity.ts';
import { activityRepo, toActivityEntry } from './activity.repo.ts';

/** Page 1 is the newest 25 entries; a page past the end is empty, which ends the feed. */
export async function activityPage(app: FastifyInstance, page: number): Promise<ActivityEntry[]> {
  const rows = await activityRepo.page(app.db, (page - 1) * ACTIVITY_PAGE_SIZE, ACTIVITY_PAGE_SIZE);
  return rows.map(toActivityEntry);
}
