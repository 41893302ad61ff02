import { AppError } from '../errors.ts';

/**
 * Runs at most `limit` jobs at once; up to `maxWaiting` more wait their turn, in order.
 * Past that the caller gets a 503 with Retry-After at once instead of joining an ever
 * longer queue (each waiting upload holds its bytes in memory).
 */
export class JobLimiter {
  active = 0;
  private readonly waiting: Array<{ go(): void; fail(error: Error): void }> = [];

  readonly limit: number;
  readonly maxWaiting: number;
  private readonly busyMessage: string;
  private readonly retryAfterSeconds: number;

  constructor(limit: number, maxWaiting: number, busyMessage: string, retryAfterSeconds = 5) {
    this.limit = limit;
    this.maxWaiting = maxWaiting;
    this.busyMessage = busyMessage;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) {
      this.active++;
    } else {
      if (this.waiting.length >= this.maxWaiting) {
        throw new AppError(503, 'busy', this.busyMessage, undefined, this.retryAfterSeconds);
      }
      // The slot is handed over by the job that finishes (see finally): active stays put.
      await new Promise<void>((go, fail) => this.waiting.push({ go, fail }));
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next.go();
      else this.active--;
    }
  }

  /** Shutting down: the jobs still waiting fail with `error` and never run. */
  rejectWaiting(error: Error): void {
    for (const waiting of this.waiting.splice(0)) waiting.fail(error);
  }
}
