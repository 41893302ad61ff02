import { formatLabelCode } from '../../../common/label-code.ts';
import { itemComponentsApi, itemsApi } from '../../../common/api/items.ts';
import { callApi } from '../../lib/api.ts';
import { target, type ScanDeps, type ScanOutcome } from '../packing/resolve-scan.ts';
import { copyOptions, labelOnPhone, phoneCopy } from './phone-copy.ts';
import { scanQueue, type KnownItem } from './scan-queue.ts';

/** What this phone last saw of the scanned item: its manifest and what it counts for. */
async function knownItem(
  userId: string,
  found: { label: string } | { item: string },
): Promise<KnownItem | null> {
  const itemId = 'item' in found ? found.item : await labelOnPhone(userId, found.label);
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
