import { REQUEST_TIMEOUT_MS } from './events.ts';
import { createAnalytics, type Analytics, type QueuedEvent } from './queue.ts';

/**
 * The browser side of analytics, loaded only when a token is configured: batches go to
 * the collector as a JSON array of `{event, properties}` (the Mixpanel /track format),
 * and whatever is still queued is sent with keepalive when the page goes away.
 */
export function startAnalytics(token: string, url: string): Analytics {
  const send = async (batch: QueuedEvent[], keepalive = false): Promise<boolean> => {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(batch),
        // The collector is another site: never send our session cookie there.
        credentials: 'omit',
        keepalive,
        signal: controller.signal,
      });
      return res.ok;
    } catch {
      return false;
    } finally {
      clearTimeout(timeout);
    }
  };

  const analytics = createAnalytics({
    token,
    send: (batch) => send(batch),
    storage: safeStorage(),
  });
  window.addEventListener('pagehide', () => {
    const rest = analytics.drain();
    if (rest.length > 0) void send(rest, true);
  });
  return analytics;
}

/** localStorage, or nothing where it is blocked (private modes, sandboxed frames). */
export function safeStorage(): Storage | null {
  try {
    const storage = window.localStorage;
    storage.getItem('');
    return storage;
  } catch {
    return null;
  }
}
