import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';

/**
 * PostgreSQL tells every app instance when a session ends or changes, or a member does
 * (role, client, email, password, removal), on the channel `session_changes`: the
 * instances' session caches drop that session or that member's sessions
 * (plugins/session-cache.ts). A trigger rather than a call in each service, so no way of
 * changing them can forget it, the `admin` command and a restore included; the notice goes
 * out when the transaction commits, and not at all when it rolls back. A touch (last use
 * and a later expiry, once a minute per session) tells no one. SQLite has one server
 * process, which hears its own writes and reads the others' from `data_version`: nothing
 * to do there.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`
    CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'sessions' THEN
        PERFORM pg_notify('session_changes', 'session:' || OLD.id_hash);
      ELSE
        PERFORM pg_notify('session_changes', 'user:' || OLD.id);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER sessions_ended AFTER DELETE ON sessions
    FOR EACH ROW EXECUTE FUNCTION notify_session_change()`.execute(db);
  await sql`
    CREATE TRIGGER sessions_changed AFTER UPDATE ON sessions FOR EACH ROW
    WHEN (OLD.expires_at COLLATE "C" > NEW.expires_at COLLATE "C"
      OR (OLD.id_hash, OLD.user_id, OLD.created_at)
        IS DISTINCT FROM (NEW.id_hash, NEW.user_id, NEW.created_at))
    EXECUTE FUNCTION notify_session_change()`.execute(db);
  await sql`
    CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION notify_session_change()`.execute(db);
}
