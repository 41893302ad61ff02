import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { SESSION_MAX_AGE_MS } from '../../plugins/session.ts';
import { rateLimitRepo } from './rate-limit.repo.ts';
import { sessionRepo } from './session.repo.ts';
import { tokenRepo } from './token.repo.ts';
import { tokensRepo } from '../tokens/tokens.repo.ts';
import { ssoRepo } from '../sso/sso.repo.ts';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes expired sessions, tokens, rate-limit windows and abandoned single sign-ins. Each is one idempotent DELETE
 * of rows already dead, so instances sharing a database may run it at the same time.
 */
export async function purgeExpired(db: Kysely<Database>, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  const createdBefore = new Date(now.getTime() - SESSION_MAX_AGE_MS).toISOString();
  await sessionRepo.deleteExpired(db, nowIso, createdBefore);
  await tokenRepo.deleteExpired(db, nowIso);
  await tokensRepo.deleteExpired(db, nowIso);
  await rateLimitRepo.deleteExpired(db, nowIso);
  await ssoRepo.deleteExpired(db, nowIso);
}

/** Purges once the server is ready and then hourly; the timer never keeps the process alive. */
export function schedulePurge(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    purgeExpired(app.db, new Date()).catch((err: unknown) =>
      app.log.warn({ err }, 'could not purge expired sessions and tokens'),
    );
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, PURGE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
