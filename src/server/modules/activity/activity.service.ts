import type { FastifyInstance } from 'fastify';
import { ACTIVITY_PAGE_SIZE, type ActivityEntry } from '../../../common/schemas/activity.ts';
import { can, roleOf } from '../../../common/permissions.ts';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import { activityRepo, toActivityEntry } from './activity.repo.ts';

/** Page 1 is the newest 25 entries; a page past the end is empty, which ends the feed. */
export async function activityPage(
  app: FastifyInstance,
  page: number,
  viewer: CurrentUser,
): Promise<ActivityEntry[]> {
  const admin = can(roleOf(viewer), 'members:manage');
  const rows = await activityRepo.page(
    app.db,
    (page - 1) * ACTIVITY_PAGE_SIZE,
    ACTIVITY_PAGE_SIZE,
    // Integrations are the admins' business (docs/decisions.md, "Integrations: API tokens").
    admin ? [] : ['SERVICE_TOKEN'],
  );
  const entries = rows.map(toActivityEntry);
  return admin ? entries : entries.map(withoutMemberIdentity).map(withoutTokenAddress);
}

/** Where a member's token was used from is for admins; others see that it was used. */
function withoutTokenAddress(entry: ActivityEntry): ActivityEntry {
  return entry.type === 'TOKEN' && entry.action === 'USE' ? { ...entry, detail: null } : entry;
}

/**
 * Who the members are is for those who may list them: other viewers learn that a member
 * was added, changed or removed, but not their email or id (docs/decisions.md, Security).
 */
function withoutMemberIdentity(entry: ActivityEntry): ActivityEntry {
  if (entry.type !== 'MEMBER') return entry;
  return { ...entry, source_id: '', reference: { name: null, id: null, item_id: null, src: null } };
}
