import { labelsApi } from '../../../common/api/labels.ts';
import { callApi } from '../../lib/api.ts';

/** How long a look-up without a network may wait for the phone's copy before giving up. */
const COPY_WAIT_MS = 1500;

/** The phone's copy of an answer (service worker cache), or null when it has none. */
export async function phoneCopy<T>(read: (signal: AbortSignal) => Promise<T>): Promise<T | null> {
  try {
    return await read(AbortSignal.timeout(COPY_WAIT_MS));
  } catch {
    return null;
  }
}

export const copyOptions = (signal: AbortSignal) => ({ cache: 'force-cache' as const, signal });

/**
 * The item a label was on in the lists of labels this phone has seen (item pages), for a
 * label it never looked up by its code.
 */
async function itemOfSeenLabel(userId: string, code: string): Promise<string | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(`yk-api-${userId}`);
  for (const request of await cache.keys()) {
    const match = /\/api\/inventory\/items\/([^/]+)\/labels$/.exec(new URL(request.url).pathname);
    if (!match) continue;
    const labels = (await (await cache.match(request))?.json()) as { id: string }[] | undefined;
    if (labels?.some((l) => l.id === code)) return decodeURIComponent(match[1]!);
  }
  return null;
}

/**
 * What this phone last saw of a label: the id of the item it was on, null when it was on no
 * item, undefined when the phone never saw it.
 */
export async function labelOnPhone(
  userId: string,
  code: string,
): Promise<string | null | undefined> {
  const label = await phoneCopy((signal) =>
    callApi(labelsApi.get, { params: { id: code } }, copyOptions(signal)),
  );
  if (label) return label.item_id;
  return (await itemOfSeenLabel(userId, code).catch(() => null)) ?? undefined;
}
