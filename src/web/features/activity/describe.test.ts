import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../common/schemas/activity.ts';
import { describeActivity } from './describe.ts';

const entry = (overrides: Partial<ActivityEntry>): ActivityEntry => ({
  id: 1,
  type: 'ITEM',
  action: 'UPDATE',
  email: 'jane@example.com',
  source_id: 'item1',
  reference: { name: 'Crate 12', item_id: 'item1', id: 'item1', src: null },
  detail: null,
  created_at: '2024-01-01T00:00:00.000Z',
  ...overrides,
});

describe('activity sentences', () => {
  it('reads "who did what to which item", linking to the item', () => {
    expect(describeActivity(entry({}))).toEqual({
      who: 'jane@example.com',
      what: 'updated item Crate 12',
      itemId: 'item1',
    });
  });

  it('says "a member" for member entries shown without the member (non-admin viewers)', () => {
    const line = describeActivity(
      entry({
        type: 'MEMBER',
        action: 'CREATE',
        source_id: '',
        reference: { name: null, id: null, item_id: null, src: null },
      }),
    );
    expect(line).toEqual({ who: 'jane@example.com', what: 'created a member', itemId: null });
  });

  it('names API tokens: made, used from an address, revoked', () => {
    const token = (action: ActivityEntry['action'], detail: string | null = null) =>
      describeActivity(
        entry({
          type: 'SERVICE_TOKEN',
          action,
          source_id: 'tok1',
          reference: { name: 'Invoicing', id: 'tok1', item_id: null, src: null },
          detail,
        }),
      );
    expect(token('CREATE')).toEqual({
      who: 'jane@example.com',
      what: 'created service token Invoicing',
      itemId: null,
    });
    expect(token('USE', 'from 203.0.113.9').what).toBe(
      'used service token Invoicing from 203.0.113.9',
    );
    expect(token('REVOKE').what).toBe('revoked service token Invoicing');
  });

  it('says Anonymous when the email is missing', () => {
    expect(describeActivity(entry({ email: null, action: 'CREATE' })).who).toBe('Anonymous');
  });

  it('names labels by their formatted code and the item they were on', () => {
    const line = describeActivity(
      entry({
        type: 'LABEL',
        action: 'CREATE',
        source_id: 'ABCD2345EFGH',
        reference: { name: 'Crate 12', item_id: 'item1', id: 'ABCD2345EFGH', src: null },
      }),
    );
    expect(line.what).toBe('attached label ABCD-2345-EFGH on item Crate 12');
  });

  it('does not link to a deleted item, and falls back to the id without a name', () => {
    const line = describeActivity(
      entry({
        action: 'DELETE',
        reference: { name: null, item_id: 'item1', id: 'item1', src: null },
      }),
    );
    expect(line).toEqual({ who: 'jane@example.com', what: 'deleted item item1', itemId: null });
  });

  it('reads round-trip entries with their detail', () => {
    const returned = entry({
      action: 'RETURN',
      reference: { name: 'Crate 0321', item_id: 'item1', id: 'job1', src: null },
      detail: 'from Summer show to Yard North — damaged',
    });
    expect(describeActivity(returned).what).toBe(
      'returned Crate 0321 from Summer show to Yard North — damaged',
    );
    expect(describeActivity(returned).itemId).toBe('item1');
    expect(
      describeActivity(
        entry({
          type: 'MANIFEST',
          action: 'CLOSE',
          reference: { name: 'Summer show', item_id: null, id: 'job1', src: null },
          detail: '3 items missing',
        }),
      ).what,
    ).toBe('closed manifest Summer show — 3 items missing');
    expect(describeActivity(entry({ action: 'MISSING', detail: 'on Summer show' })).what).toBe(
      'marked Crate 12 missing on Summer show',
    );
    expect(describeActivity(entry({ action: 'FOUND', detail: 'by a scan' })).what).toBe(
      'found Crate 12 by a scan',
    );
  });
});
