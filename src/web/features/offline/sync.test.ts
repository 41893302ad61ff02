import { describe, expect, it } from 'vitest';
import type { Item } from '../../../common/schemas/item.ts';
import { withQueuedReturns, withQueuedScans } from './optimistic.ts';
import type { FillScan, PackingScan, QueuedScan, ReturnScan } from './scan-queue.ts';
import { fillVerdictOf, returnVerdictOf, verdictOf } from './sync.ts';

const scan = (over: Partial<PackingScan> = {}): PackingScan => ({
  seq: 1,
  id: 'k1',
  key: 'k1',
  user_id: 'u1',
  mode: 'packing',
  manifest_id: 'M1',
  manifest_name: 'Truck one',
  target: { kind: 'label', id: 'ABCDEFGHJKMN' },
  subject: 'ABCD-EFGH-JKMN',
  scanned_at: '2026-01-01T10:00:00.000Z',
  item: {
    id: 'I1',
    name: 'Panel A',
    manifest_id: null,
    manifest_name: null,
    provides: [{ component_id: 'C1', component_name: 'Panel', count: 1 }],
  },
  move_confirmed_from: null,
  state: 'queued',
  problem: null,
  ...over,
});
const live = (
  manifest_id: string | null,
  over: { id?: string; labelItemId?: string | null } = {},
) => ({
  labelItemId: over.labelItemId ?? over.id ?? 'I1',
  item: {
    id: over.id ?? 'I1',
    name: over.id ? 'Panel B' : 'Panel A',
    manifest_id,
    manifest_name: manifest_id === 'M2' ? 'Truck two' : null,
    version: 3,
  },
});

describe('verdictOf', () => {
  it('applies a scan whose item is free, and does nothing for one already packed', () => {
    expect(verdictOf(scan(), live(null))).toEqual({ kind: 'apply', itemId: 'I1', version: 3 });
    expect(verdictOf(scan(), live('M1'))).toEqual({ kind: 'already' });
  });

  it('asks when the item went onto another manifest since the scan', () => {
    const v = verdictOf(scan(), live('M2'));
    expect(v).toMatchObject({
      kind: 'decide',
      problem: {
        kind: 'moved-elsewhere',
        message: 'Panel A is on Truck two now. Move it to Truck one?',
        item_id: 'I1',
      },
    });
  });

  it('applies a move the member agreed to offline only from that same manifest', () => {
    expect(verdictOf(scan({ move_confirmed_from: 'M2' }), live('M2')).kind).toBe('apply');
    expect(verdictOf(scan({ move_confirmed_from: 'M3' }), live('M2')).kind).toBe('decide');
  });

  it('asks when the label was freed or moved to another item', () => {
    expect(verdictOf(scan(), { ...live(null), labelItemId: null })).toMatchObject({
      kind: 'decide',
      problem: { kind: 'label-free' },
    });
    expect(verdictOf(scan(), live(null, { id: 'I2' }))).toMatchObject({
      kind: 'decide',
      problem: { kind: 'label-moved', item_id: 'I2' },
    });
  });
});

describe('withQueuedScans', () => {
  const provided = [{ component_id: 'C1', component_name: 'Panel', count: 1 }];

  it('counts each known queued item once, for its own manifest only', () => {
    const queue = [
      scan(),
      scan({ seq: 2, id: 'k2', key: 'k2' }),
      scan({ seq: 3, manifest_id: 'M9' }),
    ];
    expect(withQueuedScans('M1', provided, queue)).toEqual([
      { component_id: 'C1', component_name: 'Panel', count: 2 },
    ]);
  });

  it('adds nothing for unknown items, items already there, or scans waiting for a decision', () => {
    const queue = [
      scan({ item: null }),
      scan({ seq: 2, item: { ...scan().item!, manifest_id: 'M1' } }),
      scan({ seq: 3, state: 'needs-decision' }),
    ];
    expect(withQueuedScans('M1', provided, queue)).toEqual(provided);
  });
});

/** The same scan, made in fill mode into crate K1 (Crate 0321). */
const fill = (over: Partial<FillScan> = {}): FillScan => {
  const { manifest_id: _m, manifest_name: _n, mode: _mode, ...rest } = scan();
  return { ...rest, mode: 'fill', container_id: 'K1', container_name: 'Crate 0321', ...over };
};
const inside = (container_id: string | null, over: { id?: string } = {}) => {
  const l = live(null, over);
  return {
    ...l,
    item: {
      ...l.item,
      container_id,
      container_name: container_id === 'K2' ? 'Crate 0400' : null,
    },
  };
};

describe('fillVerdictOf', () => {
  it('asks when the label moved to another item, or the item went into another container', () => {
    expect(fillVerdictOf(fill(), inside(null, { id: 'I2' }))).toMatchObject({
      kind: 'decide',
      problem: {
        kind: 'label-moved',
        item_id: 'I2',
        message:
          'Label ABCD-EFGH-JKMN was moved from Panel A to Panel B since you scanned it. Put Panel B inside Crate 0321?',
      },
    });
    expect(fillVerdictOf(fill(), inside('K2'))).toEqual({
      kind: 'decide',
      problem: {
        kind: 'moved-elsewhere',
        message: 'Panel A is in Crate 0400 now. Move it into Crate 0321?',
        now_on: 'K2',
        item_id: 'I1',
      },
    });
  });

  it('puts inside an item in no container, or in the one the member agreed to empty', () => {
    expect(fillVerdictOf(fill(), inside(null))).toEqual({
      kind: 'apply',
      itemId: 'I1',
      version: 3,
    });
    expect(fillVerdictOf(fill({ move_confirmed_from: 'K2' }), inside('K2')).kind).toBe('apply');
    expect(fillVerdictOf(fill(), inside('K1'))).toEqual({ kind: 'already' });
  });
});

const ret = (condition: 'ok' | 'damaged' = 'ok', over: Partial<ReturnScan> = {}): ReturnScan => ({
  ...scan(),
  mode: 'return',
  return_to: { location_id: null, condition, note: null, photo: null },
  ...over,
});

describe('returnVerdictOf', () => {
  it('asks when the label no longer means the item scanned, and leaves the rest to the server', () => {
    expect(returnVerdictOf(ret(), { ...live('M1'), labelItemId: null }).kind).toBe('decide');
    expect(returnVerdictOf(ret(), live('M1', { id: 'I2' }))).toMatchObject({
      kind: 'decide',
      problem: { kind: 'label-moved', message: expect.stringContaining('Return Panel B?') },
    });
    // Not on this job any more: the server answers 409, which becomes the decision.
    expect(returnVerdictOf(ret(), live('M2'))).toEqual({ kind: 'apply', itemId: 'I1' });
  });
});

describe('withQueuedReturns', () => {
  const item = (id: string) => ({ id, name: id }) as Item;
  const returns = {
    out: [item('I1'), item('I2'), item('I3')],
    returned: [],
    damaged: [],
    missing: [],
  };

  it('moves queued returns of this job out of "out", by the condition they were scanned in', () => {
    const queue: QueuedScan[] = [
      ret('damaged'),
      ret('ok', { seq: 2, item: { ...scan().item!, id: 'I2' } }),
      // Another job's return, one waiting for a decision, a packing scan: not counted.
      ret('ok', { seq: 3, manifest_id: 'M9', item: { ...scan().item!, id: 'I3' } }),
      ret('ok', { seq: 4, state: 'needs-decision', item: { ...scan().item!, id: 'I3' } }),
      scan({ seq: 5, item: { ...scan().item!, id: 'I3' } }),
    ];
    const now = withQueuedReturns('M1', returns, queue);
    expect(now.out.map((i) => i.id)).toEqual(['I3']);
    expect(now.returned.map((i) => i.id)).toEqual(['I2']);
    expect(now.damaged.map((i) => i.id)).toEqual(['I1']);
  });

  it('changes nothing for an unknown item or one the phone did not see out on this job', () => {
    const queue = [ret('ok', { item: null }), ret('ok', { item: { ...scan().item!, id: 'I9' } })];
    expect(withQueuedReturns('M1', returns, queue)).toEqual(returns);
  });
});
