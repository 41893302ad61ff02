import { useSyncExternalStore } from 'react';
import { scanQueue } from './scan-queue.ts';

/** The page's side of the service worker (service-worker.ts): install, update, who is in. */

let waiting: ServiceWorker | null = null;
let reloadOnChange = false;
const listeners = new Set<() => void>();
const UPDATE_CHECK_MS = 30 * 60 * 1000;

function setWaiting(worker: ServiceWorker | null): void {
  waiting = worker;
  for (const listener of listeners) listener();
}

/** Installs the worker in production builds (Vite's dev server has no sw.js). */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  try {
    // updateViaCache 'none': the browser always asks the server whether sw.js changed.
    const registration = await navigator.serviceWorker.register('/sw.js', {
      updateViaCache: 'none',
    });
    const watch = (worker: ServiceWorker | null) => {
      worker?.addEventListener('statechange', () => {
        // A first install has no controller: that is not an update to offer.
        if (worker.state === 'installed' && navigator.serviceWorker.controller) {
          setWaiting(worker);
        }
      });
    };
    if (registration.waiting && navigator.serviceWorker.controller) {
      setWaiting(registration.waiting);
    }
    watch(registration.installing);
    registration.addEventListener('updatefound', () => watch(registration.installing));
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (reloadOnChange) window.location.reload();
    });
    // The first install becomes active after the page already said who is signed in.
    void navigator.serviceWorker.ready.then(() => tellWorker());
    const check = () => void registration.update().catch(() => {});
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') check();
    });
    setInterval(check, UPDATE_CHECK_MS);
  } catch {
    // No service worker (private mode, an old browser): the app works online as before.
  }
}

/** True when a new version is installed and waits for the member to reload into it. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
    () => false,
  );
}

/** The member said yes: the new worker takes over and the page reloads once. */
export function applyUpdate(): void {
  if (!waiting) return;
  reloadOnChange = true;
  waiting.postMessage({ type: 'skip-waiting' });
}

const API_CACHE_PREFIX = 'yk-api-';

/**
 * Tells the worker whose API answers to keep and serve (null: nobody's), and deletes the
 * copies of anyone else, so one member never sees another's data on a shared phone.
 */
export async function setPhoneUser(userId: string | null): Promise<void> {
  if (typeof caches !== 'undefined') {
    for (const name of await caches.keys()) {
      if (name.startsWith(API_CACHE_PREFIX) && name !== API_CACHE_PREFIX + userId) {
        await caches.delete(name);
      }
    }
  }
  phoneUser = userId;
  await tellWorker();
}

let phoneUser: string | null | undefined;

async function tellWorker(): Promise<void> {
  if (phoneUser === undefined || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  registration?.active?.postMessage({ type: 'user', id: phoneUser });
}

/**
 * The member's session ended without a sign-out here (a 401): the phone forgets their copies
 * at once but keeps their queued scans, which only they can send once signed in again
 * (docs/decisions.md, "A revoked phone forgets its member"; the sign-in page says so).
 */
export async function forgetPhoneMember(): Promise<void> {
  await setPhoneUser(null).catch(() => {});
}

/**
 * A member signed in: scans another member left unsent are deleted (the sign-in page warned
 * about them first). Answers how many were deleted.
 */
export async function dropOtherMembersScans(userId: string): Promise<number> {
  if (typeof indexedDB === 'undefined') return 0;
  return scanQueue.removeOthers(userId).catch(() => 0);
}

/** Sign-out: the phone forgets the member's copies and their queue. */
export async function clearPhoneData(): Promise<void> {
  await setPhoneUser(null).catch(() => {});
  if (typeof indexedDB !== 'undefined') await scanQueue.clear().catch(() => {});
}
