import { RESCAN_LOCK_MS } from '../../lib/scanner/options.ts';

/** A code must be out of view this long before the same code counts as a new scan. */
export const SAME_CODE_QUIET_MS = 2500;

/**
 * Which decoded codes packing acts on. Unlike the one-shot scanner's ScanGate (a path is
 * handled once per session), packing runs for many labels and a label may come round
 * again, which must then say "already packed". So:
 * - after any code is acted on, nothing is for RESCAN_LOCK_MS;
 * - a code is ignored while the camera keeps seeing it (each sighting restarts its quiet
 *   time) and acted on again once it has been out of view for SAME_CODE_QUIET_MS.
 */
export class RepeatGate {
  private readonly lastSeen = new Map<string, number>();
  private lockedUntil = 0;

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly quietMs: number = SAME_CODE_QUIET_MS,
    private readonly lockMs: number = RESCAN_LOCK_MS,
  ) {}

  /** True when `code` should be acted on now. */
  admit(code: string): boolean {
    const t = this.now();
    // Not recorded during the lock: a code seen only then must not be shut out by it.
    if (t < this.lockedUntil) return false;
    const seen = this.lastSeen.get(code);
    this.lastSeen.set(code, t);
    if (seen !== undefined && t - seen < this.quietMs) return false;
    this.lockedUntil = t + this.lockMs;
    return true;
  }

  /**
   * Marks `code` as just seen: called when its handling ends, so a label still in front of
   * the camera after a slow answer (a question to the user) is not taken as a new scan.
   */
  touch(code: string): void {
    this.lastSeen.set(code, this.now());
  }
}
