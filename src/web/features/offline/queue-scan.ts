import { formatLabelCode } from '../../../common/label-code.ts';
import { componentsProvided } from '../../../common/components-provided.ts';
import { containersApi } from '../../../common/api/containers.ts';
import { itemComponentsApi, itemsApi } from '../../../common/api/items.ts';
import { callApi } from '../../lib/api.ts';
import { target, type ScanOutcome, type ScanPlace } from '../scan-mode/scan-outcome.ts';
import { copyOptions, labelOnPhone, phoneCopy } from './phone-copy.ts';
import { itemTitle } from '../items/preview.ts';
import {
  destinationOf,
  scanQueue,
  type KnownItem,
  type QueuedScan,
  type ReturnTo,
  type ScanDestination,
} from './scan-queue.ts';

/** What this phone last saw of the scanned item: its manifest and what it counts for. */
export async function knownItem(
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
  // A container goes onto the manifest with everything inside it, and the server counts
  // those too: the phone counts them from its copies of the contents (its item page's).
  const contents =
    (await phoneCopy((signal) =>
      callApi(
        containersApi.contents,
        { params: { id }, query: { deep: 'true' } },
        copyOptions(signal),
      ),
    )) ?? [];
  const providing = await Promise.all(
    [item, ...contents].map(async (one) => ({
      component_id: one.component_id,
      component_name: one.component_name,
      components:
        (await phoneCopy((signal) =>
          callApi(itemComponentsApi.list, { params: { id: one.id } }, copyOptions(signal)),
        )) ?? [],
    })),
  );
  return {
    id: item.id,
    name: item.name,
    manifest_id: item.manifest_id,
    manifest_name: item.manifest_name ?? null,
    container_id: item.container_id,
    container_name: item.container_name ?? null,
    provides: componentsProvided(providing),
  };
}

export interface QueueContext extends ScanPlace {
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

/** What a scan is about, as far as the phone can tell without a network. */
interface ScanFacts {
  target: QueuedScan['target'];
  subject: string;
  item: KnownItem | null;
}

async function factsOf(
  userId: string,
  found: { label: string } | { item: string },
): Promise<ScanFacts> {
  const item = await knownItem(userId, found);
  return 'label' in found
    ? { target: { kind: 'label', id: found.label }, subject: formatLabelCode(found.label), item }
    : { target: { kind: 'item', id: found.item }, subject: item?.name ?? found.item, item };
}

/** The same label again while its first scan still waits: nothing more to send. */
function alreadyWaiting(userId: string, mode: QueuedScan['mode'], to: string, facts: ScanFacts) {
  return scanQueue
    .snapshot()
    .some(
      (s) =>
        s.state === 'queued' &&
        s.user_id === userId &&
        s.mode === mode &&
        destinationOf(s).id === to &&
        s.target.kind === facts.target.kind &&
        s.target.id === facts.target.id,
    );
}

const queuedOutcome = (facts: ScanFacts, detail: string): ScanOutcome => ({
  kind: 'queued',
  subject: facts.item?.name ?? facts.subject,
  detail,
});

/**
 * Keeps a scan in the queue, with the fields every queued scan fills the same way, and
 * answers it as queued with `detail`.
 */
async function enqueue(
  ctx: { userId: string },
  key: string,
  facts: ScanFacts,
  detail: string,
  scan: ScanDestination & { move_confirmed_from: string | null },
): Promise<ScanOutcome> {
  await scanQueue.add({
    id: key,
    key,
    user_id: ctx.userId,
    target: facts.target,
    subject: facts.subject,
    scanned_at: new Date().toISOString(),
    item: facts.item,
    state: 'queued',
    problem: null,
    ...scan,
  });
  return queuedOutcome(facts, detail);
}

/**
 * A packing scan without a network: answered at once from what the phone last saw, and
 * kept in the queue with the time it was made, to be applied when the network returns.
 */
export async function queuePackingScan(text: string, ctx: QueueContext): Promise<ScanOutcome> {
  const found = target(text, ctx);
  if ('kind' in found) return found;
  const facts = await factsOf(ctx.userId, found);
  if (alreadyWaiting(ctx.userId, 'packing', ctx.manifest.id, facts)) {
    return queuedOutcome(facts, 'Already queued on this phone.');
  }
  const { item } = facts;
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
  return enqueue(ctx, ctx.key ?? crypto.randomUUID(), facts, detail, {
    mode: 'packing',
    manifest_id: ctx.manifest.id,
    manifest_name: ctx.manifest.name,
    move_confirmed_from: confirmedFrom,
  });
}

/**
 * A Return-mode scan without a network: queued with the settings it was made with (where
 * it goes back, damaged or not, the photo), to be returned when the network returns. The
 * server still decides whether it was out on this job.
 */
export async function queueReturnScan(
  found: { label: string } | { item: string },
  ctx: { userId: string; key: string; manifest: { id: string; name: string }; returnTo: ReturnTo },
): Promise<ScanOutcome> {
  const facts = await factsOf(ctx.userId, found);
  if (alreadyWaiting(ctx.userId, 'return', ctx.manifest.id, facts)) {
    return queuedOutcome(facts, 'Already queued on this phone.');
  }
  const { item } = facts;
  const detail = !item
    ? 'This phone has not seen this label before.'
    : item.manifest_id !== ctx.manifest.id
      ? 'Not on this job as this phone last saw it: checked when it syncs.'
      : ctx.returnTo.condition === 'damaged'
        ? 'Returned damaged on this phone.'
        : 'Returned on this phone.';
  return enqueue(ctx, ctx.key, facts, detail, {
    mode: 'return',
    manifest_id: ctx.manifest.id,
    manifest_name: ctx.manifest.name,
    return_to: ctx.returnTo,
    move_confirmed_from: null,
  });
}

/**
 * A fill-a-container scan without a network. An item the phone last saw in another
 * container is asked about now, as online; the answer travels with the scan, so the sync
 * moves it only if it is still where the member agreed to take it from.
 */
export async function queueFillScan(
  found: { label: string } | { item: string },
  ctx: {
    userId: string;
    key: string;
    container: { id: string; name: string };
    confirmMove: (title: string, from: string) => Promise<boolean>;
  },
): Promise<ScanOutcome> {
  const facts = await factsOf(ctx.userId, found);
  const { item } = facts;
  if (item?.id === ctx.container.id) {
    return { kind: 'failed', message: `${ctx.container.name} cannot go inside itself.` };
  }
  if (alreadyWaiting(ctx.userId, 'fill', ctx.container.id, facts)) {
    return queuedOutcome(facts, 'Already queued on this phone.');
  }
  let confirmedFrom: string | null = null;
  let detail = item ? 'Put inside on this phone.' : 'This phone has not seen this label before.';
  if (item?.container_id === ctx.container.id) {
    detail = 'Already inside, as this phone last saw it.';
  } else if (item?.container_id) {
    const from = item.container_name ?? 'another container';
    if (!(await ctx.confirmMove(itemTitle(item), from))) return { kind: 'kept', item, on: from };
    confirmedFrom = item.container_id;
    detail = `Will be taken out of ${from}.`;
  }
  return enqueue(ctx, ctx.key, facts, detail, {
    mode: 'fill',
    container_id: ctx.container.id,
    container_name: ctx.container.name,
    move_confirmed_from: confirmedFrom,
  });
}

/**
 * A stock-take's scan without a network (docs/decisions.md, "Stock-takes"): kept with its
 * Idempotency-Key and sent as it is when the network returns; the server then says what it
 * was. Only labels count (the stock-take endpoint takes a code).
 */
export async function queueStocktakeScan(
  found: { label: string },
  ctx: { userId: string; key: string; stocktake: { id: string; name: string } },
): Promise<ScanOutcome> {
  const facts = await factsOf(ctx.userId, found);
  if (alreadyWaiting(ctx.userId, 'stocktake', ctx.stocktake.id, facts)) {
    return queuedOutcome(facts, 'Already queued on this phone.');
  }
  return enqueue(
    ctx,
    ctx.key,
    facts,
    'Counted on this phone; it is sent when the network returns.',
    {
      mode: 'stocktake',
      stocktake_id: ctx.stocktake.id,
      stocktake_name: ctx.stocktake.name,
      move_confirmed_from: null,
    },
  );
}
