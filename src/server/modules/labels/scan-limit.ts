import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import { nowIso } from '../../lib/ids.ts';
import { rateLimitRepo } from '../auth/rate-limit.repo.ts';

/**
 * Anonymous scans per client address per window (docs/decisions.md, Security). A scan is
 * public, so without a bound one address could write feed entries (and look labels up) as
 * fast as it can send. 100 in 15 minutes is a label every 9 s for a quarter of an hour,
 * more than anyone walking a yard without signing in; members are not counted.
 */
export const MAX_ANONYMOUS_SCANS_PER_ADDRESS = 100;
export const ANONYMOUS_SCAN_WINDOW_MS = 15 * 60 * 1000;

export const TOO_MANY_SCANS =
  'Too many scans from your network. Sign in, or wait a few minutes and try again.';

/**
 * Counts an anonymous scan against its address and says whether it is within the limit;
 * a member's scan is always allowed and not counted. The counter is in the database
 * (rate-limit.repo.ts), so every app instance counts the same scans.
 */
export async function anonymousScanAllowed(
  app: FastifyInstance,
  user: CurrentUser | null,
  address: string,
): Promise<boolean> {
  if (user) return true;
  const windowEndsAt = new Date(Date.now() + ANONYMOUS_SCAN_WINDOW_MS).toISOString();
  const count = await rateLimitRepo.hit(app.db, `scan:address:${address}`, nowIso(), windowEndsAt);
  return count <= MAX_ANONYMOUS_SCANS_PER_ADDRESS;
}
