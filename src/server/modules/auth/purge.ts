import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { schedulePeriodic, type PeriodicHandle } from '../../lib/leases/periodic.ts';
import { SESSION_MAX_AGE_MS } from '../../plugins/session.ts';
import { idempotencyRepo } from '../idempotency/idempotency.repo.ts';
import { rateLimitRepo } from './rate-limit.repo.ts';
import { sessionRepo } from './session.repo.ts';
import { tokenRepo } from './token.repo.ts';
import { tokensRepo } from '../tokens/tokens.repo.ts';
import { ssoRepo } from '../sso/sso.repo.ts';
import { removeOrphanUploads } from '../uploads/orphans.ts';

const PURGE_EVERY_MS = 60 * 60 * 1000;
/** Each instance looks this often; the lease lets one of them purge once an hour. */
const CHECK_EVERY_MS = 5 * 60 * 1000;

/** The start of the line each purge logs. */
export const PURGE_LOG_MESSAGE =
  'Purged expired sessions, tokens, rate limits and idempotency keys';

/**
 * Deletes expired sessions, tokens, rate-limit windows, abandoned single sign-ins and
 * idempotency keys. Each is an
 * idempotent DELETE of rows already dead; the lease only saves the work being done by
 * every instance.
 */
export async function purgeExpired(db: Kysely<Database>, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  const createdBefore = new Date(now.getTime() - SESSION_MAX_AGE_MS).toISOString();
  await sessionRepo.deleteExpired(db, nowIso, createdBefore);
  await tokenRepo.deleteExpired(db, nowIso);
  await tokensRepo.deleteExpired(db, nowIso);
  await rateLimitRepo.deleteExpired(db, nowIso);
  await ssoRepo.deleteExpired(db, nowIso);
  await idempotencyRepo.purgeExpired(db, nowIso);
}

/**
 * Purges once the server is ready and then hourly, on one instance at a time; then removes
 * uploads no row has named for a day (after the rows, so a store that is down cannot stop
 * the database's purge).
 */
export function schedulePurge(app: FastifyInstance): PeriodicHandle {
  return schedulePeriodic(app, {
    name: 'purge',
    everyMs: PURGE_EVERY_MS,
    checkEveryMs: CHECK_EVERY_MS,
    run: async (signal) => {
      const started = Date.now();
      await purgeExpired(app.db, new Date());
      await removeOrphanUploads(app, new Date(), signal);
      // One line an hour, by whichever instance ran it: how an operator sees it runs once.
      app.log.info(`${PURGE_LOG_MESSAGE} (${Date.now() - started} ms).`);
    },
  });
}
