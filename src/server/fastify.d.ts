import type { Kysely } from 'kysely';
import type { Endpoint } from '../common/api/contract.ts';
import type { CurrentUser } from '../common/schemas/member.ts';
import type { Config } from './config.ts';
import type { Dialect } from './db/connection.ts';
import type { Reads } from './db/read-jobs.ts';
import type { Database } from './db/schema.ts';
import type { Mailer } from './lib/mail.ts';
import type { RequestToken } from './modules/tokens/bearer.ts';
import type { FileStorage } from './lib/storage.ts';
import type { PeriodicHandle } from './lib/leases/periodic.ts';
import type { SessionCache } from './plugins/session-cache.ts';
import type { SessionListener } from './plugins/session-listener.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: Dialect;
    /** Slow reads, off the main thread on SQLite (db/read-jobs.ts). */
    reads: Reads;
    mailer: Mailer;
    storage: FileStorage;
    /** Every contract registered, so a test can prove none is missing. */
    registeredEndpoints: Set<Endpoint>;
    /** Work run once across instances (lib/leases/periodic.ts), by name: purge, webhooks. */
    periodicWork: Map<string, PeriodicHandle>;
    /** Signed-in sessions read without a database round trip (plugins/session-cache.ts). */
    sessionCache: SessionCache;
    /** PostgreSQL: the connection that keeps sessionCache told of changes. */
    sessionListener: SessionListener | null;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
    /** sha256 of the session cookie, when the request carried a live session. */
    sessionHash: string | null;
    /** The API token the request authenticated with (`Authorization: Bearer`), if any. */
    apiToken: RequestToken | null;
  }
}
