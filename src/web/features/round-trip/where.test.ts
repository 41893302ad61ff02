import { describe, expect, it } from 'vitest';
import type { PublicItem } from '../../../common/schemas/item.ts';
import { conditionLabel, whereNow } from './where.ts';

const item = (overrides: Partial<PublicItem>): PublicItem => ({
  id: 'item1',
  name: 'Cable',
  note: null,
  status: null,
  client_id: null,
  client_name: null,
  location_id: null,
  location_name: null,
  manifest_id: null,
  manifest_name: null,
  component_id: null,
  component_name: null,
  container_id: null,
  container_name: null,
  condition: 'ok',
  condition_note: null,
  out_since: null,
  version: 1,
  updated_at: '2026-03-12T10:00:00.000Z',
  created_at: '2026-03-12T10:00:00.000Z',
  ...overrides,
});

describe('where an item is now', () => {
  it('says nothing for an item in the yard in good condition', () => {
    expect(whereNow(item({}))).toEqual([]);
    expect(conditionLabel(item({}))).toBeNull();
  });

  it('names its container and the job it is out on', () => {
    const lines = whereNow(
      item({
        container_id: 'crate',
        container_name: 'Crate 0321',
        manifest_id: 'job',
        manifest_name: 'Summer show',
        out_since: '2026-03-12T10:00:00.000Z',
      }),
    );
    expect(lines[0]).toBe('in Crate 0321');
    expect(lines[1]).toMatch(/^Out on Summer show since .*2026/);
  });

  it('is not out while merely allocated', () => {
    expect(whereNow(item({ manifest_id: 'job', manifest_name: 'Summer show' }))).toEqual([]);
  });

  it('flags damaged and missing items', () => {
    expect(conditionLabel(item({ condition: 'damaged' }))).toBe('Damaged');
    expect(conditionLabel(item({ condition: 'missing' }))).toBe('Missing');
  });
});
