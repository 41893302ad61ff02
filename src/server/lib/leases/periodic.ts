import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { outsideOneTransaction } from '../../db/one-transaction.ts';
import { newId } from '../ids.ts';
import { type Lease, leasesRepo } from './leases.repo.ts';

/**
 * Periodic work that runs once across instances (docs/decisions.md, "Integrations:
 * webhooks"): every instance looks now and then, and only the one that wins the work's
 * lease row runs it. A lease row rather than a PostgreSQL advisory lock, so SQLite works
 * the same; a lease expires by itself, so an instance killed mid-run (no chance to
 * unlock) holds up the work for at most LEASE_MS.
 */
export interface PeriodicWork {
  /** The lease row's name: the same work on every instance. */
  name: string;
  /** Not run again sooner than this after a run ends, by any instance (0: whenever due). */
  everyMs: number;
  /** How often each instance looks whether the work is due. */
  checkEveryMs: number;
  /** A read that tells there is nothing to do, to skip the claim (a write) when idle. */
  hasWork?: () => Promise<boolean>;
  /**
   * The work. `signal` aborts when the lease is lost (this instance stalled past it and
   * another took over) or the app closes: stop before the next step.
   */
  run(signal: AbortSignal): Promise<void>;
}

export interface PeriodicHandle {
  /** Look again shortly (something to do was just written). */
  nudge(): void;
  /** Looks now and runs the work if this instance wins it; true when it ran. */
  runNow(): Promise<boolean>;
  /** How many times this instance ran the work. */
  readonly runs: number;
}

/** A holder renews at a third of this; it is also how long a killed holder blocks others. */
export const LEASE_MS = 10_000;
/** After a nudge: long enough for the writing transaction to commit, usually. */
const NUDGE_DELAY_MS = 5;
/** When it had not committed yet, looks again this often for a while after a nudge. */
const AFTER_NUDGE_MS = 20;
const NUDGE_WINDOW_MS = 500;

const iso = (ms: number) => new Date(ms).toISOString();

export function schedulePeriodic(
  app: FastifyInstance,
  work: PeriodicWork,
  leaseMs = LEASE_MS,
): PeriodicHandle {
  const lease: Lease = { name: work.name, holder: `${os.hostname()}/${process.pid}/${newId(8)}` };
  const closing = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let timerAt = 0;
  let nudgedAt = 0;
  let running: Promise<boolean> | null = null;
  let again = false;
  let runs = 0;

  const due = async (now: number) => {
    const row = await leasesRepo.find(app.db, work.name);
    if (row && (row.next_run_at > iso(now) || row.lease_until > iso(now))) return false;
    return work.hasWork ? work.hasWork() : true;
  };

  const runIfWon = async (): Promise<boolean> => {
    const now = Date.now();
    if (!(await due(now))) return false;
    if (!(await leasesRepo.claim(app.db, lease, iso(now), iso(now + leaseMs)))) {
      return false;
    }
    const held = new AbortController();
    const stop = () => held.abort();
    closing.signal.addEventListener('abort', stop);
    const renewer = setInterval(() => {
      const at = Date.now();
      leasesRepo.renew(app.db, lease, iso(at), iso(at + leaseMs)).then(
        (kept) => {
          if (!kept) held.abort();
        },
        (err: unknown) => app.log.warn({ err }, `could not renew the lease of ${work.name}`),
      );
    }, leaseMs / 3);
    renewer.unref();
    try {
      runs++;
      await work.run(held.signal);
    } finally {
      clearInterval(renewer);
      closing.signal.removeEventListener('abort', stop);
      const end = Date.now();
      await leasesRepo
        .release(app.db, lease, iso(end), iso(end + work.everyMs))
        .catch((err: unknown) => app.log.warn({ err }, `could not release ${work.name}`));
    }
    return true;
  };

  const check = (): Promise<boolean> => {
    if (closing.signal.aborted) return Promise.resolve(false);
    if (running) {
      again = true;
      return running;
    }
    running = runIfWon()
      .catch((err: unknown) => {
        app.log.warn({ err }, `${work.name} failed`);
        return false;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          schedule(NUDGE_DELAY_MS);
        }
      });
    return running;
  };

  function schedule(delay: number): void {
    if (closing.signal.aborted) return;
    const at = Date.now() + delay;
    // A burst of nudges keeps the earliest look rather than pushing it back each time.
    if (timer && timerAt <= at) return;
    clearTimeout(timer);
    timerAt = at;
    // A nudge comes from inside a write's transaction: the run must not inherit it.
    timer = outsideOneTransaction(() =>
      setTimeout(() => {
        timer = undefined;
        void check().then((ran) =>
          schedule(
            !ran && Date.now() - nudgedAt < NUDGE_WINDOW_MS ? AFTER_NUDGE_MS : work.checkEveryMs,
          ),
        );
      }, delay),
    );
    // The timer never keeps the process alive.
    timer.unref();
  }

  app.addHook('onReady', async () => schedule(0));
  app.addHook('preClose', async () => {
    closing.abort();
    clearTimeout(timer);
    // The run stops at its next step; the lease is released before the database closes.
    await running;
  });

  const handle: PeriodicHandle = {
    nudge: () => {
      nudgedAt = Date.now();
      schedule(NUDGE_DELAY_MS);
    },
    runNow: check,
    get runs() {
      return runs;
    },
  };
  app.periodicWork.set(work.name, handle);
  return handle;
}
