import { describe, expect, it } from 'vitest';
import type { Item } from '../../../common/schemas/item.ts';
import { contentsSummary, directContents } from './contents.ts';

const item = (id: string, container_id: string) => ({ id, container_id }) as Item;

describe('the contents of a container', () => {
  const deep = [
    item('crate', 'pallet'),
    item('lamp', 'crate'),
    item('bag', 'crate'),
    item('spanner', 'bag'),
    item('board', 'pallet'),
  ];

  it('lists the items directly inside, each with how many are inside it', () => {
    expect(directContents(deep, 'pallet').map((c) => [c.item.id, c.inside])).toEqual([
      ['crate', 3],
      ['board', 0],
    ]);
    expect(directContents(deep, 'lamp')).toEqual([]);
  });

  it('counts the direct contents, and all levels when they differ', () => {
    expect(contentsSummary(deep, 'pallet')).toBe('2 items inside, 5 in all');
    expect(contentsSummary([item('lamp', 'crate')], 'crate')).toBe('1 item inside');
  });

  it('stops on a loop instead of running away', () => {
    const loop = [item('a', 'b'), item('b', 'a'), item('a2', 'top')];
    expect(directContents([...loop, item('top-child', 'top')], 'top')).toHaveLength(2);
    expect(directContents(loop, 'a')[0]!.inside).toBeGreaterThan(0);
  });
});
