import { Worker } from 'node:worker_threads';
import { threadSources } from '../lib/thread-sources.ts';
import type { ReadAnswer, ReadRequest } from './read-worker.ts';
import type { ReadArgs, ReadJob, ReadResult, Reads } from './read-jobs.ts';

interface Pending {
  request: ReadRequest;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  current: Pending | null;
}

export interface ReadPoolOptions {
  /** Worker threads, each with its own read-only connection. */
  size: number;
  /**
   * Tests only: while gate[0] is 0 every worker stops before its next job, as a long query
   * would, so a test can show that other requests are answered meanwhile.
   */
  gate?: Int32Array;
}

const WORKER = new URL('./read-worker.mjs', import.meta.url);
const WORKER_MODULE = new URL('./read-worker.ts', import.meta.url);

/**
 * Slow reads on SQLite (read-jobs.ts) run on worker threads, each with a read-only
 * connection to the same file: better-sqlite3 is synchronous, so a 50 ms search on the
 * main thread would hold up every other request for 50 ms. Threads start on first use
 * and are replaced when one dies; jobs wait in order for a free thread.
 */
export function workerReads(file: string, options: ReadPoolOptions): Reads {
  const threads: Thread[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  let sources: Record<string, string> | undefined;
  const start = (): Thread => {
    sources ??= threadSources([WORKER_MODULE]);
    const worker = new Worker(WORKER, {
      workerData: { file, gate: options.gate ?? null, sources },
    });
    const thread: Thread = { worker, current: null };
    worker.unref();
    worker.on('message', (answer: ReadAnswer) => {
      const pending = thread.current;
      thread.current = null;
      if (pending && pending.request.id === answer.id) {
        if ('error' in answer) {
          const error = new Error(answer.error.message);
          if (answer.error.stack) error.stack = answer.error.stack;
          pending.reject(error);
        } else {
          pending.resolve(answer.value);
        }
      }
      dispatch();
    });
    const fail = (error: Error) => {
      const index = threads.indexOf(thread);
      if (index >= 0) threads.splice(index, 1);
      thread.current?.reject(error);
      thread.current = null;
      dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (threads.includes(thread)) fail(new Error(`a read worker stopped (exit code ${code})`));
    });
    threads.push(thread);
    return thread;
  };

  const dispatch = () => {
    while (queue.length > 0 && !closed) {
      const thread =
        threads.find((t) => t.current === null) ??
        (threads.length < options.size ? start() : undefined);
      if (!thread) return;
      const pending = queue.shift()!;
      thread.current = pending;
      thread.worker.postMessage(pending.request);
    }
  };

  return {
    run<J extends ReadJob>(job: J, args: ReadArgs<J>): Promise<ReadResult<J>> {
      if (closed) return Promise.reject(new Error('the read pool is closed'));
      return new Promise((resolve, reject) => {
        queue.push({
          request: { id: nextId++, job, args },
          resolve: resolve as (value: unknown) => void,
          reject,
        });
        dispatch();
      });
    },
    warm() {
      while (!closed && threads.length < options.size) start();
    },
    async close() {
      closed = true;
      const error = new Error('the read pool is closed');
      for (const pending of queue.splice(0)) pending.reject(error);
      const stopping = threads.splice(0);
      for (const thread of stopping) thread.current?.reject(error);
      await Promise.all(stopping.map((t) => t.worker.terminate()));
    },
  };
}
