import { describe, expect, it } from 'vitest';
import { BATCH_SIZE, CONSENT_KEY, FLUSH_INTERVAL_MS, MAX_RETRY_DELAY_MS } from './events.ts';
import { createAnalytics, type QueuedEvent } from './queue.ts';

/** Lets the pending send promises run (a real macrotask turn, not a fake clock). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** In-memory stand-ins for localStorage, the clock and the flush timer. */
function setup(options: { stored?: Record<string, string>; accept?: () => boolean } = {}) {
  const store = new Map(Object.entries(options.stored ?? {}));
  const storage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  const sent: QueuedEvent[][] = [];
  let clock = 1_000_000;
  let tick: (() => void) | null = null;
  let ids = 0;
  const analytics = createAnalytics({
    token: 'tok',
    storage,
    send: async (batch) => {
      sent.push(batch);
      return options.accept ? options.accept() : true;
    },
    now: () => clock,
    randomId: () => `id-${++ids}`,
    setInterval: (fn) => ((tick = fn), 1),
    clearInterval: () => (tick = null),
  });
  return {
    analytics,
    store,
    sent,
    advance: async (ms: number) => {
      clock += ms;
      tick?.();
      await settle();
    },
    hasTimer: () => tick !== null,
  };
}

describe('analytics consent', () => {
  it('sends nothing before the visitor answers, and drops the waiting events on opt-out', async () => {
    const t = setup();
    t.analytics.track('app_opened');
    expect(t.analytics.consent()).toBe('unknown');
    expect(t.hasTimer()).toBe(false);
    await t.analytics.flush();
    expect(t.sent).toHaveLength(0);
    t.analytics.optOut();
    t.analytics.track('user_logged_in');
    expect(t.analytics.pending() + t.analytics.queued()).toBe(0);
    expect(t.store.get(CONSENT_KEY)).toBe('opt-out');
  });

  it('sends the events that waited once the visitor opts in, with email and Environment', async () => {
    const t = setup();
    t.analytics.track('app_opened');
    t.analytics.identify('ana@example.com');
    t.analytics.optIn();
    expect(t.store.get(CONSENT_KEY)).toBe('opt-in');
    await t.advance(FLUSH_INTERVAL_MS);
    expect(t.sent).toHaveLength(1);
    const [event] = t.sent[0]!;
    expect(event!.event).toBe('app_opened');
    expect(event!.properties).toMatchObject({
      token: 'tok',
      distinct_id: 'ana@example.com',
      Environment: 'Production',
    });
  });

  it('remembers a previous opt-in and starts flushing right away', () => {
    const t = setup({ stored: { [CONSENT_KEY]: 'opt-in' } });
    expect(t.analytics.consent()).toBe('opt-in');
    expect(t.hasTimer()).toBe(true);
  });
});

describe('analytics batching', () => {
  it('flushes every 5000 ms in batches of at most 50', async () => {
    const t = setup({ stored: { [CONSENT_KEY]: 'opt-in' } });
    for (let i = 0; i < 49; i++) t.analytics.track('user_updated_an_item');
    expect(t.sent).toHaveLength(0);
    await t.advance(FLUSH_INTERVAL_MS);
    expect(t.sent.map((b) => b.length)).toEqual([49]);
    expect(t.analytics.queued()).toBe(0);
  });

  it('sends a full batch of 50 without waiting for the timer', async () => {
    const t = setup({ stored: { [CONSENT_KEY]: 'opt-in' } });
    for (let i = 0; i < BATCH_SIZE + 3; i++) t.analytics.track('user_scanned_an_item');
    await settle();
    expect(t.sent[0]).toHaveLength(BATCH_SIZE);
    await t.advance(FLUSH_INTERVAL_MS);
    expect(t.sent.map((b) => b.length)).toEqual([BATCH_SIZE, 3]);
  });

  it('keeps a refused batch and retries with a doubling delay capped at 10 minutes', async () => {
    let accept = false;
    const t = setup({ stored: { [CONSENT_KEY]: 'opt-in' }, accept: () => accept });
    t.analytics.track('user_deleted_an_item_from_inventory');
    await t.advance(FLUSH_INTERVAL_MS); // first try fails; next try no sooner than 5 s
    await t.advance(1000);
    expect(t.sent).toHaveLength(1);
    await t.advance(FLUSH_INTERVAL_MS); // second try fails; then 10 s
    expect(t.sent).toHaveLength(2);
    for (let i = 0; i < 20; i++) await t.advance(MAX_RETRY_DELAY_MS); // delay stops growing
    const before = t.sent.length;
    accept = true;
    await t.advance(MAX_RETRY_DELAY_MS);
    expect(t.sent.length).toBe(before + 1);
    expect(t.analytics.queued()).toBe(0);
  });

  it('cuts string properties at 255 characters', async () => {
    const t = setup({ stored: { [CONSENT_KEY]: 'opt-in' } });
    t.analytics.track('user_added_a_label_to_an_item', {
      label: 'x'.repeat(300),
      skipped: undefined,
    });
    await t.advance(FLUSH_INTERVAL_MS);
    const props = t.sent[0]![0]!.properties;
    expect(String(props.label)).toHaveLength(255);
    expect('skipped' in props).toBe(false);
  });
});
