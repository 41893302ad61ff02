import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { sessionRepo } from '../modules/auth/session.repo.ts';
import type { SessionCache } from './session-cache.ts';

/** Migration 027's channel: every ended or changed session, every changed member. */
export const SESSION_CHANNEL = 'session_changes';
/** What the listening connection is called in pg_stat_activity. */
export const LISTENER_NAME = 'yardkeep session cache';
const RECONNECT_MS = 1_000;
/**
 * How often the connection sends itself a notice and expects it back before the next:
 * a connection that stopped delivering (a cut network, a pooler in transaction mode that
 * hands LISTEN to some other server connection) is noticed within twice this.
 */
const HEARTBEAT_MS = 5_000;
/** The longest a change's answer waits for the other instances to confirm they heard it. */
const BARRIER_MS = 2_000;

/**
 * The PostgreSQL connection that hears migration 027's notices for one instance's session
 * cache. The cache is on only while this connection is up and listening, shown by hearing
 * its own notice back: it goes off the moment the connection fails, ends or misses its
 * heartbeat (a notice could be missed), and back on, empty, once a new connection listens
 * again, retried every `reconnectMs`.
 */
export class SessionListener {
  private current: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private lostSince: number | undefined;
  /** This instance, in the acknowledgements it sends (`ack:<barrier>:<instance>`). */
  private readonly instance = randomUUID();
  /** Barriers this instance waits on: the instances that acknowledged each so far. */
  private readonly barriers = new Map<string, (instance: string) => void>();
  /** Settles once the first connection listens or fails: the app waits for it at start. */
  readonly firstAttempt: Promise<void>;

  private readonly databaseUrl: string;
  private readonly cache: SessionCache;
  private readonly log: FastifyBaseLogger;
  private readonly reconnectMs: number;

  // Fields assigned by hand, not as parameter properties: `npm start` runs on Node's type
  // stripping, which refuses syntax that needs compiling (eslint's parameter-properties rule).
  constructor(
    databaseUrl: string,
    cache: SessionCache,
    log: FastifyBaseLogger,
    reconnectMs = RECONNECT_MS,
  ) {
    this.databaseUrl = databaseUrl;
    this.cache = cache;
    this.log = log;
    this.reconnectMs = reconnectMs;
    this.firstAttempt = this.connect();
  }

  /** The listening connection's server process, while it is up (tests end it). */
  get processId(): number | undefined {
    return this.cache.active
      ? (this.current as { processID?: number } | undefined)?.processID
      : undefined;
  }

  /**
   * Waits until every instance listening on this database has heard everything committed
   * before the call (at most BARRIER_MS): a barrier notice follows those changes on the
   * channel, in commit order, and each instance acknowledges it once it has dropped what
   * they changed. A route that ended or changed sessions calls it before answering, so
   * the client's next request finds no instance still holding them. With this instance's
   * own listener down it cannot hear the acknowledgements and returns at once.
   */
  async barrier(db: Kysely<Database>): Promise<void> {
    if (!this.cache.active) return;
    const expected = await sessionRepo.countListeners(db, LISTENER_NAME);
    const id = randomUUID();
    const acknowledged = new Set<string>();
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.barriers.delete(id);
        resolve();
      };
      const timer = setTimeout(done, BARRIER_MS);
      this.barriers.set(id, (instance) => {
        acknowledged.add(instance);
        if (acknowledged.size >= expected) done();
      });
      sessionRepo.notify(db, SESSION_CHANNEL, `barrier:${id}`).catch(done);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.cache.switchOff();
    await this.current?.end().catch(() => {});
  }

  private connect(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((settled) => {
      const client = new pg.Client({
        connectionString: this.databaseUrl,
        application_name: LISTENER_NAME,
        // A peer that vanished without closing (a cut network) is noticed, not waited on.
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
        // The app waits for the first attempt at start: a server that never answers fails it.
        connectionTimeoutMillis: 10_000,
      });
      this.current = client;
      let lost = false;
      let heartbeat: NodeJS.Timeout | undefined;
      /** The notice this connection sent itself and has not heard back yet. */
      let awaited: string | undefined;
      const onLost = (err?: Error) => {
        if (lost) return;
        lost = true;
        clearInterval(heartbeat);
        this.cache.switchOff();
        client.removeAllListeners('notification');
        void client.end().catch(() => {});
        settled();
        if (this.closed) return;
        this.warnLost(err);
        this.retry = setTimeout(() => void this.connect(), this.reconnectMs);
        this.retry.unref();
      };
      const ping = () => {
        if (awaited !== undefined) {
          onLost(new Error('its own notice did not come back'));
          return;
        }
        awaited = `ping:${randomUUID()}`;
        client.query('SELECT pg_notify($1, $2)', [SESSION_CHANNEL, awaited]).catch(onLost);
      };
      client.on('error', onLost);
      client.on('end', () => onLost());
      client.on('notification', ({ channel, payload = '' }) => {
        if (channel !== SESSION_CHANNEL) return;
        if (payload === awaited) {
          awaited = undefined;
          if (!this.cache.active && !this.closed) this.listening();
          settled();
        } else if (payload.startsWith('barrier:')) {
          const ack = `ack:${payload.slice('barrier:'.length)}:${this.instance}`;
          client.query('SELECT pg_notify($1, $2)', [SESSION_CHANNEL, ack]).catch(onLost);
        } else if (payload.startsWith('ack:')) {
          const [, id = '', instance = ''] = payload.split(':');
          this.barriers.get(id)?.(instance);
        } else if (!payload.startsWith('ping:')) this.cache.heard(payload);
      });
      client
        .connect()
        .then(() => client.query(`LISTEN ${SESSION_CHANNEL}`))
        .then(() => {
          if (lost) return;
          ping();
          heartbeat = setInterval(ping, HEARTBEAT_MS);
          heartbeat.unref();
        })
        .catch(onLost);
    });
  }

  private warnLost(err: Error | undefined): void {
    if (this.lostSince !== undefined) return;
    this.lostSince = Date.now();
    this.log.warn(
      `Session cache off: its PostgreSQL listening connection ${err ? `failed (${err.message})` : 'closed'}; every request reads its session from the database until it listens again`,
    );
  }

  private listening(): void {
    this.cache.switchOn();
    if (this.lostSince === undefined) return;
    this.log.info(
      `Session cache on again after ${Math.round((Date.now() - this.lostSince) / 1000)} s: listening for session changes`,
    );
    this.lostSince = undefined;
  }
}
