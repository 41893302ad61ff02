import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The nice value of job threads (PDFs, CSV parsing). At 10 the kernel gives a busy job
 * thread about a tenth of the CPU share of the event loop when both want a core, so a
 * health check or an item read waits for no PDF even when the jobs fill every core
 * (issue 25: a health check answers within 100 ms while four 5,000-label PDFs are drawn).
 * A job still gets a whole core whenever the event loop is idle, which is most of the time.
 */
export const JOB_THREAD_NICE = 10;

/** This thread's id as the kernel knows it (Linux: `/proc/thread-self` → `PID/task/TID`). */
export function kernelThreadId(): number | null {
  if (process.platform !== 'linux') return null;
  try {
    const tid = Number(path.basename(fs.readlinkSync('/proc/thread-self')));
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/**
 * Lowers the priority of the calling thread only (on Linux, setpriority with a thread id
 * acts on that thread, not on the process). Elsewhere, or when the kernel refuses, the
 * thread keeps its priority: returns false, and the job still runs.
 */
export function lowerThisThreadsPriority(nice = JOB_THREAD_NICE): boolean {
  const tid = kernelThreadId();
  if (tid === null) return false;
  try {
    // Never raise it: a server started with `nice` keeps its jobs at least as low.
    os.setPriority(tid, Math.max(os.getPriority(tid), nice));
    return true;
  } catch {
    return false;
  }
}
