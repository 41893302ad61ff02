import { CONSENT_KEY, type AnalyticsEvent, type AnalyticsProps, type Consent } from './events.ts';
import type { Analytics } from './queue.ts';

export { ANALYTICS_EVENTS, type AnalyticsEvent, type Consent } from './events.ts';

/**
 * Product analytics: off unless the build sets VITE_ANALYTICS_TOKEN and
 * VITE_ANALYTICS_URL. Off, every function here is a no-op, nothing is loaded and nothing
 * leaves the browser. On, the collector code is loaded on first use and sends nothing
 * until the visitor opts in.
 */
const TOKEN = import.meta.env.VITE_ANALYTICS_TOKEN as string | undefined;
const URL_ = import.meta.env.VITE_ANALYTICS_URL as string | undefined;
export const analyticsEnabled = Boolean(TOKEN && URL_);

let client: Analytics | null = null;
let loading: Promise<void> | null = null;
const waiting: Array<(a: Analytics) => void> = [];
const listeners = new Set<() => void>();
let consent: Consent = analyticsEnabled ? readConsent() : 'opt-out';

function withClient(fn: (a: Analytics) => void): void {
  if (!analyticsEnabled) return;
  if (client) {
    fn(client);
    return;
  }
  waiting.push(fn);
  loading ??= import('./collector.ts').then(({ startAnalytics }) => {
    client = startAnalytics(TOKEN!, URL_!);
    for (const next of waiting.splice(0)) next(client);
  });
}

/** Records one of the spec's events (with optional properties); a no-op when off. */
export function track(event: AnalyticsEvent, props?: AnalyticsProps): void {
  // After an opt-out the collector code is not even loaded.
  if (consent === 'opt-out') return;
  withClient((a) => a.track(event, props));
}

/** Ties later events to the signed-in user's email (null after logout). */
export function identify(email: string | null): void {
  if (consent === 'opt-out') return;
  withClient((a) => a.identify(email));
}

export function getConsent(): Consent {
  return consent;
}

export function setConsent(value: 'opt-in' | 'opt-out'): void {
  if (!analyticsEnabled) return;
  consent = value;
  withClient((a) => (value === 'opt-in' ? a.optIn() : a.optOut()));
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: the consent banner and the profile switch follow changes. */
export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function readConsent(): Consent {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY);
    return value === 'opt-in' || value === 'opt-out' ? value : 'unknown';
  } catch {
    return 'unknown';
  }
}
