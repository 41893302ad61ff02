import { Worker } from 'node:worker_threads';
import { JobLimiter } from './job-limiter.ts';
import { threadSources } from './thread-sources.ts';
import { errorOf, type JobAnswer, type JobRequest, type JobTable } from './worker-jobs.ts';

export interface WorkerPoolOptions {
  /** The module whose exported `jobs` run on the threads (see worker-jobs.ts). */
  module: URL;
  /** Threads, and so jobs running at once. */
  threads: number;
  /** Jobs that may wait for a thread; past that a job is refused with 503 `busy`. */
  maxWaiting: number;
  busyMessage: string;
  /** Sent as Retry-After with the 503. */
  retryAfterSeconds: number;
  /** A thread's heap limit: a job that needs more ends its thread, not the server. */
  maxHeapMb: number;
  /**
   * A thread idle this long ends, and gives its memory back (a PDF thread holds 60 to
   * 90 MB with nothing to do: its fonts, modules and heap). The next job starts a new one.
   */
  idleExitMs: number;
  /** A thread's young generation in MB, when not YOUNG_GENERATION_MB. */
  youngGenerationMb?: number;
}

/**
 * A job thread's young generation, in MB (3 semi-spaces of 8 MB; V8's default is 16 MB
 * each). Drawing 5,000 labels peaked at 236 MB of RSS with the default and 150 MB with
 * this, for the same CPU time (6.4 and 6.1 s; 4 MB semi-spaces cost 20 % more CPU).
 */
export const YOUNG_GENERATION_MB = 24;

/**
 * How long an idle job thread stays for the next job. Starting one costs a few hundred
 * milliseconds of its own CPU (modules, fonts), off the event loop; keeping one costs
 * 30 to 90 MB for as long as it is kept.
 */
export const JOB_THREAD_IDLE_MS = 10_000;

export interface WorkerPool<Jobs extends JobTable> {
  run<J extends keyof Jobs & string>(
    job: J,
    args: Parameters<Jobs[J]>[0],
    transfer?: ArrayBuffer[],
  ): Promise<Awaited<ReturnType<Jobs[J]>>>;
  /** Refuses new jobs, rejects waiting ones and ends the threads. */
  close(): Promise<void>;
  /** Threads started and not ended (busy or idle). */
  readonly threads: number;
}

interface Thread {
  worker: Worker;
  current: { id: number; resolve(value: unknown): void; reject(error: Error): void } | null;
  /** Ends the thread once it has been idle for idleExitMs. */
  idleTimer: NodeJS.Timeout | null;
}

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);
const JOBS = new URL('./worker-jobs.ts', import.meta.url);

/**
 * CPU-heavy jobs (PDFs, parsing a CSV file) on worker threads, so the event loop keeps
 * answering other requests meanwhile. Like the SQLite read pool (db/read-pool.ts), threads
 * start on first use, stay for the next job, and are replaced when one dies; like image
 * decoding (job-limiter.ts), at most `threads` jobs run and `maxWaiting` wait, and the
 * next caller gets a 503 with Retry-After at once instead of an ever longer wait. The
 * threads load no database driver: jobs get the data they need as arguments. Unlike the
 * read pool's, a job thread ends when it has been idle for a while: jobs are rare, and
 * an idle server should not hold their memory.
 */
export function workerPool<Jobs extends JobTable>(options: WorkerPoolOptions): WorkerPool<Jobs> {
  const limiter = new JobLimiter(
    options.threads,
    options.maxWaiting,
    options.busyMessage,
    options.retryAfterSeconds,
  );
  const idle: Thread[] = [];
  const all = new Set<Thread>();
  let nextId = 1;
  let closed = false;

  let sources: Record<string, string> | undefined;
  const start = (): Thread => {
    sources ??= threadSources([JOBS, options.module]);
    const worker = new Worker(ENTRY, {
      workerData: { module: options.module.href, sources },
      resourceLimits: {
        maxOldGenerationSizeMb: options.maxHeapMb,
        maxYoungGenerationSizeMb: options.youngGenerationMb ?? YOUNG_GENERATION_MB,
      },
    });
    worker.unref();
    const thread: Thread = { worker, current: null, idleTimer: null };
    const forget = () => {
      if (!all.delete(thread)) return false;
      const index = idle.indexOf(thread);
      if (index >= 0) idle.splice(index, 1);
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      return true;
    };
    worker.on('message', (answer: JobAnswer) => {
      const pending = thread.current;
      if (!pending || pending.id !== answer.id) return;
      thread.current = null;
      if ('error' in answer) pending.reject(errorOf(answer.error));
      else pending.resolve(answer.value);
      if (closed) return;
      idle.push(thread);
      thread.idleTimer = setTimeout(() => {
        if (forget()) void worker.terminate();
      }, options.idleExitMs);
      thread.idleTimer.unref();
    });
    const fail = (error: Error) => {
      if (!forget()) return;
      thread.current?.reject(error);
      thread.current = null;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`a job worker stopped (exit code ${code})`)));
    all.add(thread);
    return thread;
  };

  const onThread = (request: Omit<JobRequest, 'id'>, transfer: ArrayBuffer[]) =>
    new Promise<unknown>((resolve, reject) => {
      if (closed) return reject(new Error('the worker pool is closed'));
      // The limiter lets at most `threads` jobs through, so a thread is always free here.
      const thread = idle.pop() ?? start();
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      thread.idleTimer = null;
      const id = nextId++;
      thread.current = { id, resolve, reject };
      thread.worker.postMessage({ ...request, id } satisfies JobRequest, transfer);
    });

  return {
    get threads() {
      return all.size;
    },
    run(job, args, transfer = []) {
      if (closed) return Promise.reject(new Error('the worker pool is closed'));
      return limiter.run(() => onThread({ job, args }, transfer)) as never;
    },
    async close() {
      closed = true;
      const error = new Error('the worker pool is closed');
      limiter.rejectWaiting(error);
      const stopping = [...all];
      all.clear();
      idle.length = 0;
      for (const thread of stopping) {
        if (thread.idleTimer) clearTimeout(thread.idleTimer);
        thread.current?.reject(error);
        thread.current = null;
      }
      await Promise.all(stopping.map((t) => t.worker.terminate()));
    },
  };
}
