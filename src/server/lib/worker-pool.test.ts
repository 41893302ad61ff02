import os from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { jobs } from '../../../test/fixtures/worker-jobs/held-jobs.ts';
import { AppError } from '../errors.ts';
import { JOB_THREAD_NICE, kernelThreadId } from './thread-priority.ts';
import { workerPool, type WorkerPool } from './worker-pool.ts';

const pools: Array<WorkerPool<typeof jobs>> = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function pool(threads: number, maxWaiting: number, idleExitMs = 60_000) {
  const made = workerPool<typeof jobs>({
    module: new URL('../../../test/fixtures/worker-jobs/held-jobs.ts', import.meta.url),
    threads,
    maxWaiting,
    busyMessage: 'Busy, try again.',
    retryAfterSeconds: 7,
    maxHeapMb: 64,
    idleExitMs,
  });
  pools.push(made);
  return made;
}

const gate = () => new Int32Array(new SharedArrayBuffer(4));
const open = (g: Int32Array) => {
  Atomics.store(g, 0, 1);
  Atomics.notify(g, 0);
};
const outcome = (job: Promise<unknown>) =>
  job.then(
    (value) => ({ value }),
    (error: Error) => ({ error }),
  );

describe('the job worker pool', () => {
  it('refuses a job past the running and waiting ones with a 503 busy and its Retry-After', async () => {
    const workers = pool(1, 1);
    const held = gate();
    const running = outcome(workers.run('held', { gate: held, value: 'first' }));
    const waiting = outcome(workers.run('held', { gate: held, value: 'second' }));
    const refused = await outcome(workers.run('held', { gate: held, value: 'third' }));
    expect(refused).toMatchObject({ error: { status: 503, code: 'busy', retryAfter: 7 } });
    expect((refused as { error: Error }).error).toBeInstanceOf(AppError);
    open(held);
    expect(await running).toEqual({ value: 'first' });
    expect(await waiting).toEqual({ value: 'second' });
    // Both slots are free again.
    expect(await workers.run('held', { gate: held, value: 'again' })).toBe('again');
  });

  it("keeps a job's AppError (status and code) across threads, and hands bytes over", async () => {
    const workers = pool(1, 0);
    await expect(workers.run('refuse', 'Row 2 is wrong.')).rejects.toMatchObject({
      status: 400,
      code: 'invalid_csv',
      message: 'Row 2 is wrong.',
    });
    const bytes = await workers.run('bytes', 100_000);
    expect(bytes.length).toBe(100_000);
    expect(bytes.every((b) => b === 7)).toBe(true);
  });

  it('reports a thread that dies, and runs the next job on a new one', async () => {
    const workers = pool(1, 0);
    await expect(workers.run('crash', undefined as never)).rejects.toThrow(/exit code 3/);
    await expect(workers.run('refuse', 'still here')).rejects.toMatchObject({ status: 400 });
  });

  it('ends a thread left idle, and starts a new one for the next job', async () => {
    const workers = pool(1, 0, 200);
    const held = gate();
    open(held);
    expect(await workers.run('held', { gate: held, value: 'first' })).toBe('first');
    // Within the idle time the thread stays for the next job.
    expect(workers.threads).toBe(1);
    expect(await workers.run('held', { gate: held, value: 'second' })).toBe('second');
    expect(workers.threads).toBe(1);
    await vi.waitFor(() => expect(workers.threads).toBe(0), { timeout: 10_000, interval: 50 });
    expect(await workers.run('held', { gate: held, value: 'third' })).toBe('third');
    expect(workers.threads).toBe(1);
  });

  it('on close rejects the running and waiting jobs and refuses new ones', async () => {
    const workers = pool(1, 2);
    const held = gate();
    const running = outcome(workers.run('held', { gate: held, value: 'a' }));
    const waiting = outcome(workers.run('held', { gate: held, value: 'b' }));
    await workers.close();
    expect(await running).toMatchObject({ error: { message: 'the worker pool is closed' } });
    expect(await waiting).toMatchObject({ error: { message: 'the worker pool is closed' } });
    await expect(workers.run('held', { gate: held, value: 'c' })).rejects.toThrow(/closed/);
  });
});

describe.runIf(process.platform === 'linux')('job threads on Linux', () => {
  it('run at a lower priority than the event loop, which keeps its own', async () => {
    const own = os.getPriority(kernelThreadId()!);
    const workers = pool(1, 0);
    expect(await workers.run('priority', undefined)).toBe(Math.max(own, JOB_THREAD_NICE));
    expect(JOB_THREAD_NICE).toBeGreaterThan(0);
    // Only the job thread was lowered, not the process.
    expect(os.getPriority(kernelThreadId()!)).toBe(own);
    expect(os.getPriority()).toBe(own);
  });
});
