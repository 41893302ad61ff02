import { queryOptions, useMutation } from '@tanstack/react-query';
import { labelsApi } from '../../../common/api/labels.ts';
import type { Label } from '../../../common/schemas/label.ts';
import { callApi } from '../../lib/api.ts';
import { useInvalidate, useWrite } from '../../lib/invalidate.ts';
import { activityQueries } from '../activity/api.ts';
import { track } from '../analytics/index.ts';
import { itemQueries } from '../items/api.ts';
import { endpointQuery } from '../../lib/endpoint-query.ts';

export const labelQueries = {
  all: () => ['labels'] as const,
  /** An item's labels, newest first. */
  forItem: (itemId: string) =>
    endpointQuery([...labelQueries.all(), 'item', itemId] as const, labelsApi.listForItem, {
      params: { id: itemId },
    }),
  /** What a scanned label is on. POST: the lookup also records the scan, so once a visit. */
  scan: (code: string) =>
    queryOptions({
      queryKey: [...labelQueries.all(), 'scan', code] as const,
      queryFn: () => callApi(labelsApi.scan, { params: { code } }),
      retry: false,
      staleTime: Infinity,
      gcTime: 0,
    }),
};

/** What asking to attach without taking the label from another item gave. */
export type AttachOutcome =
  { kind: 'attached'; label: Label } | { kind: 'already-here' } | { kind: 'on-another-item' };

// A label move changes both items' updated_at and writes feed entries.
const writes = () => [labelQueries.all(), itemQueries.all(), activityQueries.all()];

/**
 * Attaches a label. With `replace: false` nothing is taken from another item: the answer
 * says whether it was attached, already here, or on another item (then ask and call
 * again with `replace: true`).
 */
export function useAttachLabel() {
  const invalidate = useInvalidate(writes());
  return useMutation({
    mutationFn: async (input: {
      itemId: string;
      code: string;
      replace: boolean;
    }): Promise<AttachOutcome> => {
      const answer = await callApi(labelsApi.attach, {
        query: input.replace ? undefined : { replace: 'false' },
        body: { item_id: input.itemId, id: input.code },
      });
      if (answer === true) return { kind: 'already-here' };
      if (answer === false) return { kind: 'on-another-item' };
      return { kind: 'attached', label: answer };
    },
    onSuccess: (outcome) => {
      if (outcome.kind !== 'attached') return;
      track('user_added_a_label_to_an_item');
      return invalidate();
    },
  });
}

/** Frees a label: it stays known and can be attached again later. */
export function useFreeLabel() {
  return useWrite(
    writes(),
    (code: string) => callApi(labelsApi.update, { params: { id: code }, body: { item_id: null } }),
    { after: () => track('user_deleted_a_label_from_an_item') },
  );
}
