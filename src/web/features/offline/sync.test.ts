import { describe, expect, it } from 'vitest';
import { withQueuedScans } from './optimistic.ts';
import type { QueuedScan } from './scan-queue.ts';
import { verdictOf } from './sync.ts';

const scan = (over: Partial<QueuedScan> = {}): QueuedScan => ({
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
