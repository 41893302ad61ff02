import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../errors.ts';
import { lowerThisThreadsPriority } from './thread-priority.ts';

/**
 * A module run on worker threads exports its jobs as `jobs`: plain data in, plain data out;
 * and optionally `warmUp`, run once when the thread starts.
 */
export type JobTable = Record<string, (args: never) => unknown>;

export interface JobRequest {
  id: number;
  job: string;
  args: unknown;
}

/** A refusal the caller should see (an AppError) keeps its status and code across threads. */
export interface JobFailure {
  message: string;
  stack?: string;
  app?: { status: number; code: AppError['code'] };
}

export type JobAnswer = { id: number; value: unknown } | { id: number; error: JobFailure };

/**
 * Inside a worker: imports the job module named by the pool and answers each request.
 * Answers that are byte arrays are handed over (transferred), not copied.
 */
export async function serveJobs(): Promise<void> {
  const { module } = workerData as { module: string };
  const { jobs, warmUp } = (await import(module)) as { jobs: JobTable; warmUp?: () => void };
  // Jobs are CPU-heavy and never urgent: the event loop wins a contended core. Lowered only
  // once the module is loaded and warmed up (fonts read), so a small PDF on a fresh thread
  // is not held back by other processes on a busy machine while it starts.
  warmUp?.();
  lowerThisThreadsPriority();
  parentPort!.on('message', async ({ id, job, args }: JobRequest) => {
    try {
      const value = await (jobs[job] as (args: unknown) => unknown)(args);
      // Only bytes that own their whole buffer: a small Buffer shares Node's pool.
      const whole =
        value instanceof Uint8Array &&
        value.byteOffset === 0 &&
        value.byteLength === value.buffer.byteLength;
      const transfer = whole ? [value.buffer as ArrayBuffer] : [];
      parentPort!.postMessage({ id, value } satisfies JobAnswer, transfer);
    } catch (err) {
      parentPort!.postMessage({ id, error: failureOf(err) } satisfies JobAnswer);
    }
  });
}

function failureOf(err: unknown): JobFailure {
  const error = err instanceof Error ? err : new Error(String(err));
  return {
    message: error.message,
    stack: error.stack,
    ...(error instanceof AppError ? { app: { status: error.status, code: error.code } } : {}),
  };
}

/** The main thread's side of failureOf. */
export function errorOf(failure: JobFailure): Error {
  if (failure.app) return new AppError(failure.app.status, failure.app.code, failure.message);
  const error = new Error(failure.message);
  if (failure.stack) error.stack = failure.stack;
  return error;
}
