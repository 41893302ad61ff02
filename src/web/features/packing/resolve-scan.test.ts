import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { feedbackOf, type PackItem, type ScanOutcome } from '../scan-mode/scan-outcome.ts';
import { resolveScan, type ScanDeps } from './resolve-scan.ts';

const ORIGIN = 'https://yard.example';
const CODE = '0123456789AB';
const HERE = 'manifest-here';

const item = (fields: Partial<PackItem> = {}): PackItem => ({
  id: 'item-1',
  name: 'Crate 7',
  manifest_id: null,
  manifest_name: null,
  ...fields,
});

/** None of these was called: the scan looked up, asked or changed nothing more. */
const expectNotCalled = (...spies: unknown[]) => {
  for (const spy of spies) expect(spy).not.toHaveBeenCalled();
};

/** Packing deps around one item; every call is a spy, so a test can say what must not happen. */
function deps(found: PackItem | null = item(), overrides: Partial<ScanDeps> = {}) {
  return {
    manifestId: HERE,
    productName: 'Yardkeep',
    publicUrl: ORIGIN,
    pageOrigin: 'http://localhost:5173',
    lookupLabel: vi.fn(async () => (found ? { item_id: found.id } : null)),
    readItem: vi.fn(async () => found!),
    allocate: vi.fn(async () => ({ contents_count: 3 })),
    confirmMove: vi.fn(async () => true),
    confirmReserved: vi.fn(async () => true),
    onAsk: vi.fn(),
    ...overrides,
  } satisfies ScanDeps;
}

describe('resolveScan: what is refused, changing nothing', () => {
  it('is not-a-label for a code of another site, and looks nothing up', async () => {
    const d = deps();
    for (const text of [`https://elsewhere.example/scan/${CODE}`, 'just some text']) {
      const outcome = await resolveScan(text, d);
      expect(outcome, text).toEqual({ kind: 'not-a-label', message: 'Not a Yardkeep URL' });
    }
    expectNotCalled(d.lookupLabel, d.allocate);
  });

  it('is not-a-label for a page of ours that is neither a label nor an item', async () => {
    const d = deps();
    expect(await resolveScan(`${ORIGIN}/manifests/${HERE}`, d)).toEqual({
      kind: 'not-a-label',
      message: 'This QR code is not a label.',
    });
    expect(d.lookupLabel).not.toHaveBeenCalled();
  });

  it('is unknown for a malformed code, and for a label on no item, allocating nothing', async () => {
    const malformed = deps();
    expect(await resolveScan(`${ORIGIN}/scan/not-a-code`, malformed)).toEqual({
      kind: 'unknown',
      code: 'not-a-code',
    });
    expect(malformed.lookupLabel).not.toHaveBeenCalled();

    for (const label of [null, { item_id: null }]) {
      const d = deps(item(), { lookupLabel: vi.fn(async () => label) });
      expect(await resolveScan(`${ORIGIN}/scan/${CODE.toLowerCase()}`, d)).toEqual({
        kind: 'unknown',
        code: '0123-4567-89AB',
      });
      expect(d.lookupLabel).toHaveBeenCalledWith(CODE);
      expect(d.allocate).not.toHaveBeenCalled();
    }
  });

  it('keeps an item that is on another manifest when the user says no, after asking by sound', async () => {
    const elsewhere = item({ manifest_id: 'other', manifest_name: 'Festival' });
    const order: string[] = [];
    const d = deps(elsewhere, {
      onAsk: vi.fn(() => order.push('ask')),
      confirmMove: vi.fn(async () => (order.push('confirm'), false)),
    });
    expect(await resolveScan(`${ORIGIN}/scan/${CODE}`, d)).toEqual({
      kind: 'kept',
      item: elsewhere,
      on: 'Festival',
    });
    expect(order).toEqual(['ask', 'confirm']);
    expect(d.confirmMove).toHaveBeenCalledWith(elsewhere, 'Festival');
    expect(d.allocate).not.toHaveBeenCalled();
  });

  it.each([
    {
      when: 'the server was not reached (lookup)',
      overrides: {
        lookupLabel: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
      },
      failed: { message: 'Failed to fetch', network: true },
    },
    {
      when: 'the server refused (allocate)',
      overrides: { allocate: vi.fn(async () => Promise.reject(new Error('Manifest not found.'))) },
      failed: { message: 'Manifest not found.', network: false },
    },
  ])('is failed, a network failure only when so: $when', async ({ overrides, failed }) => {
    const outcome = await resolveScan(`${ORIGIN}/scan/${CODE}`, deps(item(), overrides));
    expect(outcome).toEqual({ kind: 'failed', ...failed });
  });
});

describe('resolveScan: what a scan does', () => {
  it('changes nothing for an item already on this manifest', async () => {
    const here = item({ manifest_id: HERE, manifest_name: 'This one' });
    const d = deps(here);
    expect(await resolveScan(`${ORIGIN}/scan/${CODE}`, d)).toEqual({ kind: 'already', item: here });
    expectNotCalled(d.onAsk, d.allocate);
  });

  it('packs a free item with what is inside it; an answer without a count is 0 inside', async () => {
    const d = deps();
    expect(await resolveScan(`${ORIGIN}/scan/${CODE}`, d)).toEqual({
      kind: 'packed',
      item: item(),
      contents: 3,
    });
    expect(d.allocate).toHaveBeenCalledWith('item-1');

    const bare = deps(item(), { allocate: vi.fn(async () => ({})) });
    expect(await resolveScan(`${ORIGIN}/scan/${CODE}`, bare)).toMatchObject({ contents: 0 });
  });

  it('moves an item from another manifest once the user agrees', async () => {
    const elsewhere = item({ manifest_id: 'other', manifest_name: null });
    const d = deps(elsewhere);
    expect(await resolveScan(`${ORIGIN}/scan/${CODE}`, d)).toEqual({
      kind: 'moved',
      item: elsewhere,
      from: 'another manifest',
      contents: 3,
    });
    expect(d.allocate).toHaveBeenCalledWith('item-1');
  });

  it("takes an item page's QR code (the page's own origin too) as the item, without a label", async () => {
    const d = deps();
    const outcome = await resolveScan('http://localhost:5173/items/item%2D1', d);
    expect(outcome).toMatchObject({ kind: 'packed' });
    expect(d.readItem).toHaveBeenCalledWith('item-1');
    expect(d.lookupLabel).not.toHaveBeenCalled();
  });
});

describe('resolveScan: an item another job holds for an overlapping window', () => {
  const QUESTION = 'Reserved for Autumn fair from 12 Jun. Pack it anyway?';
  const reservedElsewhere = () => new ApiError(409, 'reserved_elsewhere', QUESTION);

  it('packs nothing when the answer is no, and says what it is reserved for', async () => {
    const order: string[] = [];
    const d = deps(item(), {
      allocate: vi.fn(async () => Promise.reject(reservedElsewhere())),
      onAsk: vi.fn(() => order.push('ask')),
      confirmReserved: vi.fn(async () => (order.push('confirm'), false)),
    });
    expect(await resolveScan(`${ORIGIN}/scan/${CODE}`, d)).toEqual({
      kind: 'kept',
      item: item(),
      on: null,
      reason: 'Reserved for Autumn fair from 12 Jun.',
    });
    expect(order).toEqual(['ask', 'confirm']);
    expect(d.confirmReserved).toHaveBeenCalledWith(item(), QUESTION);
    // Only the first, refused, write was sent.
    expect(d.allocate).toHaveBeenCalledTimes(1);
    expect(d.allocate).toHaveBeenCalledWith('item-1');
  });

  it('packs it with the answer when the user says yes', async () => {
    const allocate = vi
      .fn<ScanDeps['allocate']>()
      .mockRejectedValueOnce(reservedElsewhere())
      .mockResolvedValueOnce({ contents_count: 2 });
    const d = deps(item(), { allocate });
    expect(await resolveScan(`${ORIGIN}/scan/${CODE}`, d)).toEqual({
      kind: 'packed',
      item: item(),
      contents: 2,
    });
    expect(allocate.mock.calls).toEqual([['item-1'], ['item-1', true]]);
  });

  it('asks both questions for an item on another manifest that a third job holds', async () => {
    const elsewhere = item({ manifest_id: 'other', manifest_name: 'Festival' });
    const allocate = vi
      .fn<ScanDeps['allocate']>()
      .mockRejectedValueOnce(reservedElsewhere())
      .mockResolvedValueOnce({});
    const d = deps(elsewhere, { allocate });
    expect(await resolveScan(`${ORIGIN}/scan/${CODE}`, d)).toMatchObject({
      kind: 'moved',
      from: 'Festival',
    });
    expect(d.confirmMove).toHaveBeenCalledTimes(1);
    expect(d.confirmReserved).toHaveBeenCalledTimes(1);
  });

  it('passes any other refusal on as a failure, without asking', async () => {
    const d = deps(item(), {
      allocate: vi.fn(async () =>
        Promise.reject(new ApiError(409, 'job_closed', 'That job is closed.')),
      ),
    });
    expect(await resolveScan(`${ORIGIN}/scan/${CODE}`, d)).toEqual({
      kind: 'failed',
      message: 'That job is closed.',
      network: false,
    });
    expect(d.confirmReserved).not.toHaveBeenCalled();
  });
});

describe('feedbackOf', () => {
  const it1 = item();
  const cases: [ScanOutcome, ReturnType<typeof feedbackOf>][] = [
    [{ kind: 'failed', message: 'x' }, 'error'],
    [{ kind: 'not-a-label', message: 'x' }, 'unknown'],
    [{ kind: 'unknown', code: CODE }, 'unknown'],
    [{ kind: 'not-on-job', item: null, message: 'x' }, 'not-on-job'],
    [{ kind: 'kept', item: it1, on: 'x' }, 'kept'],
    [{ kind: 'already', item: it1 }, 'already'],
    [{ kind: 'already-inside', item: it1, into: 'x' }, 'already'],
    [{ kind: 'queued', subject: 'x', detail: 'y' }, 'queued'],
    [{ kind: 'packed', item: it1, contents: 0 }, 'packed'],
    [{ kind: 'moved', item: it1, from: 'x', contents: 0 }, 'moved'],
    [{ kind: 'returned', item: it1, contents: 0, damaged: false, found: false }, 'packed'],
    [{ kind: 'returned', item: it1, contents: 0, damaged: true, found: false }, 'moved'],
    [{ kind: 'put-inside', item: it1, into: 'x', from: null }, 'packed'],
    [{ kind: 'put-inside', item: it1, into: 'x', from: 'y' }, 'moved'],
  ];
  it.each(cases)('sounds %j as %s', (outcome, feedback) => {
    expect(feedbackOf(outcome)).toBe(feedback);
  });
});
