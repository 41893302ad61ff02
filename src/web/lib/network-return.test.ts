import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryUntilBack } from './network-return.ts';
import { isOffline, noteAnswer } from './connectivity.ts';

describe('retryUntilBack', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tries nothing once stopped, whatever the page signals', async () => {
    const attempt = vi.fn();
    const stop = retryUntilBack(attempt, { firstMs: 1000, maxMs: 4000 });
    stop();
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempt).not.toHaveBeenCalled();
  });

  it('tries again after 1, 2, 4, then every 4 seconds, without any signal from the browser', async () => {
    const attempt = vi.fn();
    const stop = retryUntilBack(attempt, { firstMs: 1000, maxMs: 4000 });
    const calls: number[] = [];
    for (let second = 1; second <= 15; second++) {
      await vi.advanceTimersByTimeAsync(1000);
      if (attempt.mock.calls.length > calls.length) calls.push(second);
    }
    stop();
    expect(calls).toEqual([1, 3, 7, 11, 15]);
  });

  it('tries at once on `online`, focus, or the page shown again, and starts the backoff over', async () => {
    const attempt = vi.fn();
    const stop = retryUntilBack(attempt, { firstMs: 1000, maxMs: 4000 });
    await vi.advanceTimersByTimeAsync(7000);
    expect(attempt).toHaveBeenCalledTimes(3);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(attempt).toHaveBeenCalledTimes(6);
    // Back to the first wait.
    await vi.advanceTimersByTimeAsync(1000);
    expect(attempt).toHaveBeenCalledTimes(7);
    stop();
  });

  it('never starts an attempt while one is still running (a slow network is not cut short)', async () => {
    let finish = () => {};
    const attempt = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const stop = retryUntilBack(attempt, { firstMs: 1000, maxMs: 4000 });
    await vi.advanceTimersByTimeAsync(1000);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(attempt).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(attempt).toHaveBeenCalledTimes(2);
    stop();
  });
});

describe('connectivity', () => {
  it('counts a live answer as the network being back, even when the browser never said so', () => {
    window.dispatchEvent(new Event('offline'));
    expect(isOffline()).toBe(true);
    // An answer from the phone's copy proves nothing.
    noteAnswer(new Response('{}', { headers: { 'X-Yardkeep-Offline-Copy': 'then' } }));
    expect(isOffline()).toBe(true);
    noteAnswer(new Response('{}'));
    expect(isOffline()).toBe(false);
  });
});
