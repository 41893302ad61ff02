import fs from 'node:fs';

export interface HealthProbeResult {
  /** Health checks answered while the probe ran. */
  answered: number;
  /** Non-200 answers among them. */
  failed: number;
  /** The longest a health check waited for its answer (see `from`). */
  maxMs: number;
}

export interface ProbeOptions {
  everyMs?: number;
  /**
   * 'due' (for a server in this process): from when the check was due (the previous
   * answer plus the interval), since a blocked event loop also delays the probe's timer,
   * and that wait counts too. 'sent' (for a server in a child process): from when it was
   * sent, so a pause of this process (its garbage collector) is not blamed on the server.
   */
  from?: 'due' | 'sent';
}

/**
 * Asks for a health check every `everyMs` until stopped. `ask` sends one and resolves with
 * its status: `t.app.inject` in the server's process, `fetch` for a server in a child
 * process (then with `from: 'sent'`).
 */
export function probeHealth(
  ask: () => Promise<number>,
  { everyMs = 10, from = 'due' }: ProbeOptions = {},
) {
  let stopped = false;
  const result: HealthProbeResult = { answered: 0, failed: 0, maxMs: 0 };
  const loop = (async () => {
    let due = performance.now();
    while (!stopped) {
      const sent = performance.now();
      const status = await ask();
      const now = performance.now();
      result.answered++;
      if (status !== 200) result.failed++;
      result.maxMs = Math.max(result.maxMs, now - (from === 'due' ? due : sent));
      due = now + everyMs;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    /** What has been seen so far. */
    get current(): Readonly<HealthProbeResult> {
      return result;
    },
    async stop(): Promise<HealthProbeResult> {
      stopped = true;
      await loop;
      return result;
    },
  };
}

/** A process's peak resident memory so far, in MiB, as Linux counts it (VmHWM). */
export function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]);
  return kb / 1024;
}
