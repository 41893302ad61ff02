import { formatLabelCode } from '../../../common/label-code.ts';
import { itemComponentsApi, itemsApi } from '../../../common/api/items.ts';
import { labelsApi } from '../../../common/api/labels.ts';
import { callApi } from '../../lib/api.ts';
import { target, type ScanDeps, type ScanOutcome } from '../packing/resolve-scan.ts';
import { scanQueue, type KnownItem } from './scan-queue.ts';

/** How long an offline scan may wait for the phone's copy before it is queued blind. */
const COPY_WAIT_MS = 1500;

/** The phone's copy of an answer (service worker cache), or null when it has none. */
async function phoneCopy<T>(read: (signal: AbortSignal) => Promise<T>): Promise<T | null> {
  try {
    return await read(AbortSignal.timeout(COPY_WAIT_MS));
  } catch {
    return null;
  }
}

const copyOptions = (signal: AbortSignal) => ({ cache: 'force-cache' as const, signal });

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

/** What this phone last saw of the scanned item: its manifest and what it counts for. */
async function knownItem(
  userId: string,
  found: { label: string } | { item: string },
): Promise<KnownItem | null> {
  let itemId = 'item' in found ? found.item : null;
  if ('label' in found) {
    const label = await phoneCopy((signal) =>
      callApi(labelsApi.get, { params: { id: found.label } }, copyOptions(signal)),
    );
    itemId = label ? label.item_id : await itemOfSeenLabel(userId, found.label).catch(() => null);
  }
  if (!itemId) return null;
  const id = itemId;
  const item = await phoneCopy((signal) =>
    callApi(itemsApi.read, { params: { id } }, copyOptions(signal)),
  );
  if (!item) return null;
  const components =
    (await phoneCopy((signal) =>
      callApi(itemComponentsApi.list, { params: { id } }, copyOptions(signal)),
    )) ?? [];
  const provides = components.map((c) => ({
    component_id: c.component_id,
    component_name: c.component_name,
    count: c.count,
  }));
  if (item.component_id) {
    provides.push({
      component_id: item.component_id,
      component_name: item.component_name ?? '',
      count: 1,
    });
  }
  return {
    id: item.id,
    name: item.name,
    manifest_id: item.manifest_id,
    manifest_name: item.manifest_name ?? null,
    provides,
  };
}

export interface QueueContext extends Pick<ScanDeps, 'pageOrigin' | 'publicUrl' | 'productName'> {
  userId: string;
  manifest: { id: string; name: string };
  /** The same question as online, asked from the phone's copy. */
  confirmMove: (item: KnownItem, from: string) => Promise<boolean>;
  onAsk: () => void;
  /** The key of a write that may have reached the server before the network went. */
  key?: string;
  /** Set when the member already agreed online to move the item from this manifest. */
  confirmedFrom?: string | null;
}

/**
 * A packing scan without a network: answered at once from what the phone last saw, and
 * kept in the queue with the time it was made, to be applied when the network returns.
 */
export async function queuePackingScan(text: string, ctx: QueueContext): Promise<ScanOutcome> {
  const found = target(text, ctx);
  if ('kind' in found) return found;
  const scanned =
    'label' in found
      ? { kind: 'label' as const, id: found.label }
      : { kind: 'item' as const, id: found.item };
  const item = await knownItem(ctx.userId, found);
  const subject = 'label' in found ? formatLabelCode(found.label) : (item?.name ?? found.item);
  // The same label again while the first scan still waits: nothing more to send.
  const waiting = scanQueue
    .snapshot()
    .some(
      (s) =>
        s.state === 'queued' &&
        s.user_id === ctx.userId &&
        s.manifest_id === ctx.manifest.id &&
        s.target.kind === scanned.kind &&
        s.target.id === scanned.id,
    );
  if (waiting)
    return {
      kind: 'queued',
      subject: item?.name ?? subject,
      detail: 'Already queued on this phone.',
    };
  let confirmedFrom = ctx.confirmedFrom ?? null;
  let detail = item ? 'Packed on this phone.' : 'This phone has not seen this label before.';
  if (item?.manifest_id === ctx.manifest.id) {
    detail = 'Already on this manifest, as this phone last saw it.';
  } else if (item?.manifest_id && confirmedFrom !== item.manifest_id) {
    const from = item.manifest_name ?? 'another manifest';
    ctx.onAsk();
    if (!(await ctx.confirmMove(item, from))) {
      return { kind: 'kept', item, on: from };
    }
    confirmedFrom = item.manifest_id;
    detail = `Will be taken off ${from}.`;
  }
  const id = ctx.key ?? crypto.randomUUID();
  await scanQueue.add({
    id,
    key: id,
    user_id: ctx.userId,
    mode: 'packing',
    manifest_id: ctx.manifest.id,
    manifest_name: ctx.manifest.name,
    target:
      'label' in found ? { kind: 'label', id: found.label } : { kind: 'item', id: found.item },
    subject,
    scanned_at: new Date().toISOString(),
    item,
    move_confirmed_from: confirmedFrom,
    state: 'queued',
    problem: null,
  });
  return { kind: 'queued', subject: item?.name ?? subject, detail };
}
