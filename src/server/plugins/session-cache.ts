import type { SessionWithUser } from '../modules/auth/session.repo.ts';

/**
 * How long a cached session is believed without asking the database. Changes reach the
 * cache at once (session-writes.ts, migration 027's notices, SQLite's data_version); this
 * only bounds what a change nobody announced (a hand-edited row) could leave behind.
 */
export const SESSION_CACHE_MS = 10_000;
/** Signed-in sessions one instance keeps; past it the oldest goes first. */
const MOST_ENTRIES = 10_000;

interface Entry {
  row: SessionWithUser;
  until: number;
}

/**
 * Each instance's signed-in sessions with their members, so a signed-in request reads its
 * session without a database round trip (docs/decisions.md, "The session cache"). It is
 * off while it cannot hear every change (PostgreSQL: while its listening connection is
 * down) and starts empty whenever it comes back on.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Moves on every change heard: a read begun before a change is never stored after it. */
  private generation = 0;
  private on: boolean;
  private seenVersion: number | undefined;
  private askedThisTurn = false;
  private readonly otherWrites: (() => number) | undefined;

  /**
   * `otherWrites`: SQLite's data_version, which moves when another connection commits
   * (the `admin` command, a second handle); any such commit empties the cache.
   */
  constructor(options: { on: boolean; otherWrites?: () => number }) {
    this.on = options.on;
    this.otherWrites = options.otherWrites;
  }

  get active(): boolean {
    return this.on;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The session if held and still trusted; undefined means: read it from the database. */
  get(idHash: string, now: number): SessionWithUser | undefined {
    if (!this.on) return undefined;
    this.noticeOtherWrites();
    const entry = this.entries.get(idHash);
    if (!entry) return undefined;
    if (entry.until > now) return entry.row;
    this.entries.delete(idHash);
    return undefined;
  }

  /** Taken before reading a session from the database, and handed back to `put`. */
  ticket(): number {
    this.noticeOtherWrites();
    return this.generation;
  }

  /** Keeps a session read from the database, unless anything changed since `ticket`. */
  put(idHash: string, row: SessionWithUser, ticket: number, now: number): void {
    if (!this.on || ticket !== this.generation) return;
    if (this.entries.size >= MOST_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(idHash, { row, until: now + SESSION_CACHE_MS });
  }

  /** This instance touched the session: its copy moves along (a touch tells no one). */
  touched(idHash: string, lastSeenAt: string, expiresAt: string): void {
    const entry = this.entries.get(idHash);
    if (entry) entry.row = { ...entry.row, last_seen_at: lastSeenAt, expires_at: expiresAt };
  }

  /** A notice from migration 027's triggers: `session:<id hash>` or `user:<member id>`. */
  heard(notice: string): void {
    this.generation++;
    const colon = notice.indexOf(':');
    const [kind, id] = [notice.slice(0, colon), notice.slice(colon + 1)];
    if (kind === 'session') this.entries.delete(id);
    else if (kind === 'user') {
      for (const [idHash, entry] of this.entries) {
        if (entry.row.user_id === id) this.entries.delete(idHash);
      }
    } else this.entries.clear();
  }

  /** Forgets everything: a write of this process to sessions or members. */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Stops answering (and storing) until switched on again. */
  switchOff(): void {
    this.on = false;
    this.clear();
  }

  /** Answers again, from nothing: whatever was missed while off is not in it. */
  switchOn(): void {
    this.clear();
    this.on = true;
  }

  /**
   * Asks once per turn of the event loop. The requests of one turn were all received
   * before the first of them asked, so a commit of another process that the later ones
   * miss came after they arrived: they are answered as of their arrival. Writes of this
   * process (this handle or another on the file) empty the cache as they are sent
   * (db/session-writes.ts). At ten connections PRAGMA data_version cost 10–18 µs a
   * request, 6 % of an item GET's CPU (docs/decisions.md, "The item GET, session 13").
   */
  private noticeOtherWrites(): void {
    if (!this.otherWrites || this.askedThisTurn) return;
    this.askedThisTurn = true;
    setImmediate(() => {
      this.askedThisTurn = false;
    });
    const version = this.otherWrites();
    if (version === this.seenVersion) return;
    this.seenVersion = version;
    this.clear();
  }
}
