import { RESCAN_LOCK_MS } from './options.ts';

/**
 * Decides which decoded codes reach the handler. A camera sees the same label in many
 * frames in a row, so after a code is let through nothing is for RESCAN_LOCK_MS, and a
 * path that was already handled in this session is never handled twice (spec "Scanner
 * modal": "Scanned paths already handled are ignored").
 */
export class ScanGate {
  private lockedUntil = 0;
  private readonly handled = new Set<string>();

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly lockMs: number = RESCAN_LOCK_MS,
  ) {}

  /** True when `key` may be acted on now; it then counts as handled and starts the lock. */
  admit(key: string): boolean {
    const t = this.now();
    if (t < this.lockedUntil) return false;
    if (this.handled.has(key)) return false;
    this.handled.add(key);
    this.lockedUntil = t + this.lockMs;
    return true;
  }

  /** Lets `key` through again later, e.g. after its handler failed and the user retries. */
  forget(key: string): void {
    this.handled.delete(key);
  }
}
