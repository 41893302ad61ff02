import {
  BATCH_SIZE,
  CONSENT_KEY,
  DEVICE_KEY,
  ENVIRONMENT,
  FLUSH_INTERVAL_MS,
  MAX_PROPERTY_LENGTH,
  MAX_RETRY_DELAY_MS,
  type AnalyticsEvent,
  type AnalyticsProps,
  type Consent,
} from './events.ts';

export interface QueuedEvent {
  event: AnalyticsEvent;
  properties: Record<string, string | number | boolean | null>;
}

export interface AnalyticsDeps {
  token: string;
  /** Sends one batch; resolves true when the collector accepted it. */
  send(batch: QueuedEvent[]): Promise<boolean>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  now?: () => number;
  randomId?: () => string;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

/** Events kept while the visitor has not answered the consent question yet. */
const MAX_PENDING = 100;
/** A collector that is down for long must not grow the queue without bound. */
const MAX_QUEUE = 1000;

/**
 * The analytics queue, free of browser globals so it can be tested with fakes.
 * Nothing is sent before opt-in: events wait in memory until the visitor answers, and
 * are dropped on opt-out. After opt-in, events go out in batches of 50, every 5 s or as
 * soon as a batch is full; a failed batch is retried with a doubling delay capped at
 * 10 minutes.
 */
export function createAnalytics(deps: AnalyticsDeps) {
  const now = deps.now ?? Date.now;
  const randomId = deps.randomId ?? (() => crypto.randomUUID());
  const startTimer = deps.setInterval ?? ((fn, ms) => setInterval(fn, ms));
  const stopTimer =
    deps.clearInterval ?? ((h) => clearInterval(h as ReturnType<typeof setInterval>));

  let consent: Consent = readConsent(deps.storage);
  let email: string | null = null;
  let pending: QueuedEvent[] = [];
  let queue: QueuedEvent[] = [];
  let timer: unknown = null;
  let sending = false;
  let retryDelay = 0;
  let retryAt = 0;

  function deviceId(): string {
    const stored = deps.storage?.getItem(DEVICE_KEY);
    if (stored) return stored;
    const id = randomId();
    deps.storage?.setItem(DEVICE_KEY, id);
    return id;
  }

  function stamp(event: QueuedEvent): QueuedEvent {
    // Identity is fixed when the event can be sent, so an event from before sign-in
    // during the consent question still carries who the user turned out to be.
    const distinctId = email ?? deviceId();
    return {
      event: event.event,
      properties: {
        ...event.properties,
        token: deps.token,
        distinct_id: distinctId,
        ...(email ? { $user_id: email, email } : {}),
        Environment: ENVIRONMENT,
      },
    };
  }

  function enqueue(events: QueuedEvent[]) {
    queue.push(...events.map(stamp));
    if (queue.length > MAX_QUEUE) queue = queue.slice(queue.length - MAX_QUEUE);
    if (queue.length >= BATCH_SIZE) void flush();
  }

  function ensureTimer() {
    if (timer === null) timer = startTimer(() => void flush(), FLUSH_INTERVAL_MS);
  }

  async function flush(): Promise<void> {
    if (consent !== 'opt-in' || sending || queue.length === 0 || now() < retryAt) return;
    sending = true;
    const batch = queue.slice(0, BATCH_SIZE);
    const ok = await deps.send(batch).catch(() => false);
    sending = false;
    if (ok) {
      // Opt-out while sending already emptied the queue; only drop what was sent.
      queue = queue.filter((e) => !batch.includes(e));
      retryDelay = 0;
      retryAt = 0;
      if (queue.length >= BATCH_SIZE) await flush();
    } else {
      retryDelay = Math.min(retryDelay ? retryDelay * 2 : FLUSH_INTERVAL_MS, MAX_RETRY_DELAY_MS);
      retryAt = now() + retryDelay;
    }
  }

  if (consent === 'opt-in') ensureTimer();

  return {
    consent: (): Consent => consent,

    track(event: AnalyticsEvent, props: AnalyticsProps = {}) {
      if (consent === 'opt-out') return;
      const queued: QueuedEvent = {
        event,
        properties: { ...truncate(props), time: now(), $insert_id: randomId() },
      };
      if (consent === 'unknown') {
        if (pending.length < MAX_PENDING) pending.push(queued);
        return;
      }
      enqueue([queued]);
    },

    identify(userEmail: string | null) {
      email = userEmail;
    },

    optIn() {
      consent = 'opt-in';
      deps.storage?.setItem(CONSENT_KEY, 'opt-in');
      const waiting = pending;
      pending = [];
      enqueue(waiting);
      ensureTimer();
    },

    optOut() {
      consent = 'opt-out';
      deps.storage?.setItem(CONSENT_KEY, 'opt-out');
      deps.storage?.removeItem(DEVICE_KEY);
      pending = [];
      queue = [];
      if (timer !== null) stopTimer(timer);
      timer = null;
    },

    flush,

    /** Everything still queued, for a last send when the page goes away. */
    drain(): QueuedEvent[] {
      const all = queue;
      queue = [];
      return all;
    },

    queued: () => queue.length,
    pending: () => pending.length,
  };
}

export type Analytics = ReturnType<typeof createAnalytics>;

function readConsent(storage: AnalyticsDeps['storage']): Consent {
  const value = storage?.getItem(CONSENT_KEY);
  return value === 'opt-in' || value === 'opt-out' ? value : 'unknown';
}

/** Property values are cut at 255 characters; undefined is left out. */
function truncate(props: AnalyticsProps): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined) continue;
    out[key] = typeof value === 'string' ? value.slice(0, MAX_PROPERTY_LENGTH) : value;
  }
  return out;
}
