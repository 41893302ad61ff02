import { isMainThread } from 'node:worker_threads';
import type { Server } from './server-process.ts';

/**
 * How long this thread's event loop was held by its own work: the most CPU time the
 * thread spent between two turns of a 5 ms timer. A health check that arrives meanwhile
 * waits at least that long. Unlike timing a request (or timer lateness), it does not count
 * the time the operating system gives the CPU to other processes, so a busy CI machine
 * does not make it fail, while code that runs for seconds on the event loop always does
 * (docs/decisions.md, "Security: limits checked in CI").
 */
export function watchEventLoopBlocking(everyMs = 5) {
  const cpuMs = () => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };
  let last = cpuMs();
  let maxMs = 0;
  let turns = 0;
  const timer = setInterval(() => {
    const now = cpuMs();
    maxMs = Math.max(maxMs, now - last);
    last = now;
    turns++;
  }, everyMs);
  timer.unref();
  return {
    /** The longest hold so far, and how many turns were seen. */
    get current() {
      return { maxMs, turns };
    },
    /** Starts counting afresh (the start-up of a server is not what is measured). */
    reset() {
      last = cpuMs();
      maxMs = 0;
      turns = 0;
    },
    stop() {
      clearInterval(timer);
      return { maxMs, turns };
    },
  };
}

/** The line a server started with BLOCKING_REPORT_ENV prints on SIGUSR2. */
const REPORT_PREFIX = 'event-loop-blocking ';

/** For `start(dir, port, env)`: the server loads this module, which watches its event loop. */
export const BLOCKING_REPORT_ENV = {
  NODE_OPTIONS: `--import ${new URL('./event-loop-report.mjs', import.meta.url).pathname}`,
  EVENT_LOOP_REPORT: '1',
};

/**
 * The longest hold of the server's event loop since the previous call (or its start), as
 * the server itself measured it.
 */
export async function blockingSince(server: Server): Promise<{ maxMs: number; turns: number }> {
  const seen = server.stdout().length;
  server.child.kill('SIGUSR2');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const line = server
      .stdout()
      .slice(seen)
      .split('\n')
      .find((l) => l.startsWith(REPORT_PREFIX));
    if (line)
      return JSON.parse(line.slice(REPORT_PREFIX.length)) as { maxMs: number; turns: number };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no event-loop report from the server:\n${server.stderr()}`);
}

/**
 * Loaded into a server process with `--import` (see `BLOCKING_REPORT_ENV`): on
 * SIGUSR2 it prints the longest hold since the previous signal on stdout and starts
 * again (through event-loop-report.mjs, which worker threads load and stop at).
 */
if (isMainThread && process.env.EVENT_LOOP_REPORT === '1') {
  const watch = watchEventLoopBlocking();
  process.on('SIGUSR2', () => {
    process.stdout.write(`\n${REPORT_PREFIX}${JSON.stringify(watch.current)}\n`);
    watch.reset();
  });
}
