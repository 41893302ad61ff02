import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { SessionCache } from './session-cache.ts';

/** Migration 027's channel: every ended or changed session, every changed member. */
export const SESSION_CHANNEL = 'session_changes';
/** What the listening connection is called in pg_stat_activity. */
export const LISTENER_NAME = 'yardkeep session cache';
const RECONNECT_MS = 1_000;

/**
 * The PostgreSQL connection that hears migration 027's notices for one instance's session
 * cache. The cache is on only while this connection is up and listening: it goes off the
 * moment the connection fails or ends (a notice could be missed), and back on, empty,
 * once a new connection listens again, retried every `reconnectMs`.
 */
export class SessionListener {
  private current: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private lostSince: number | undefined;
  /** Settles once the first connection listens or fails: the app waits for it at start. */
  readonly firstAttempt: Promise<void>;

  constructor(
    private readonly databaseUrl: string,
    private readonly cache: SessionCache,
    private readonly log: FastifyBaseLogger,
    private readonly reconnectMs = RECONNECT_MS,
  ) {
    this.firstAttempt = this.connect();
  }

  /** The listening connection's server process, while it is up (tests end it). */
  get processId(): number | undefined {
    return this.cache.active
      ? (this.current as { processID?: number } | undefined)?.processID
      : undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.cache.switchOff();
    await this.current?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      application_name: LISTENER_NAME,
      // A peer that vanished without closing (a cut network) is noticed, not waited on.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    this.current = client;
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      this.cache.switchOff();
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      if (this.closed) return;
      if (this.lostSince === undefined) {
        this.lostSince = Date.now();
        this.log.warn(
          `Session cache off: its PostgreSQL listening connection ${err ? `failed (${err.message})` : 'closed'}; every request reads its session from the database until it listens again`,
        );
      }
      this.retry = setTimeout(() => void this.connect(), this.reconnectMs);
      this.retry.unref();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === SESSION_CHANNEL) this.cache.heard(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANNEL}`);
    } catch (err) {
      onLost(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    if (lost || this.closed) return;
    this.cache.switchOn();
    if (this.lostSince !== undefined) {
      this.log.info(
        `Session cache on again after ${Math.round((Date.now() - this.lostSince) / 1000)} s: listening for session changes`,
      );
      this.lostSince = undefined;
    }
  }
}
