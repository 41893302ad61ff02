import { AppError } from '../errors.ts';

/**
 * Runs at most `limit` jobs at once; up to `maxWaiting` more wait their turn, in order.
 * Past that the caller gets a 503 at once instead of joining an ever longer queue (each
 * waiting upload holds its bytes in memory).
 */
export class JobLimiter {
  active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly limit: number,
    readonly maxWaiting: number,
    private readonly busyMessage: string,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) {
      this.active++;
    } else {
      if (this.waiting.length >= this.maxWaiting) {
        throw new AppError(503, 'busy', this.busyMessage);
      }
      // The slot is handed over by the job that finishes (see finally): active stays put.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
