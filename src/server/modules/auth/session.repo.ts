import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { compiledOnce } from '../../db/compiled-query.ts';

export interface SessionWithUser {
  id_hash: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_id: string;
  email: string;
  is_admin: number;
  client_id: string | null;
  email_verified_at: string | null;
}

const sessionWithUser = compiledOnce((db: Kysely<Database>, idHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id_hash',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id as user_id',
      'users.email',
      'users.is_admin',
      'users.client_id',
      'users.email_verified_at',
    ])
    .where('sessions.id_hash', '=', idHash),
);

export const sessionRepo = {
  async create(
    db: Kysely<Database>,
    row: { id_hash: string; user_id: string; now: string; expires_at: string },
  ): Promise<void> {
    await db
      .insertInto('sessions')
      .values({
        id_hash: row.id_hash,
        user_id: row.user_id,
        created_at: row.now,
        last_seen_at: row.now,
        expires_at: row.expires_at,
      })
      .execute();
  },

  /** Runs on every signed-in request: built once (compiled-query.ts). */
  async findWithUser(db: Kysely<Database>, idHash: string): Promise<SessionWithUser | undefined> {
    return (await sessionWithUser(db, idHash))[0];
  },

  async touch(db: Kysely<Database>, idHash: string, now: string, expiresAt: string): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: expiresAt })
      .where('id_hash', '=', idHash)
      .execute();
  },

  async delete(db: Kysely<Database>, idHash: string): Promise<void> {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  },

  async deleteAllForUser(db: Kysely<Database>, userId: string): Promise<void> {
    await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  },

  /** PostgreSQL: the instances' session-cache connections open on this database. */
  async countListeners(db: Kysely<Database>, applicationName: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = ${applicationName}`.execute(db);
    return rows[0]?.n ?? 0;
  },

  /** PostgreSQL: a notice on `channel`, sent when this statement's transaction commits. */
  async notify(db: Kysely<Database>, channel: string, payload: string): Promise<void> {
    await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
  },

  /** Sessions past their idle expiry or created before `createdBefore` (absolute lifetime). */
  async deleteExpired(db: Kysely<Database>, now: string, createdBefore: string): Promise<void> {
    await db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('created_at', '<=', createdBefore)]))
      .execute();
  },
};
