import { queryOptions } from '@tanstack/react-query';
import { inspectionKindsApi, inspectionsApi } from '../../../common/api/inspections.ts';
import type { Inspection } from '../../../common/schemas/inspection.ts';
import { apiErrorOf, callApi, endpointUrl } from '../../lib/api.ts';
import { queryById } from '../../lib/endpoint-query.ts';
import { useWrite } from '../../lib/invalidate.ts';
import { activityQueries } from '../activity/api.ts';
import { itemQueries } from '../items/api.ts';

/**
 * Inspections (docs/decisions.md, "Inspections that come due"). What is due changes with
 * every item write (a failed inspection damages the item), so the item-bound reads live
 * under ['items', ...] and every item mutation refreshes them.
 */
export const inspectionQueries = {
  kinds: () =>
    queryOptions({
      queryKey: ['inspection-kinds'] as const,
      queryFn: () => callApi(inspectionKindsApi.list, {}),
    }),
  forItem: (itemId: string) =>
    queryById([...itemQueries.all(), 'inspections'], inspectionsApi.forItem, itemId),
  due: (days: number) =>
    queryOptions({
      queryKey: [...itemQueries.all(), 'inspections-due', days] as const,
      queryFn: () => callApi(inspectionsApi.due, { query: { days } }),
    }),
  forJob: (manifestId: string) =>
    queryById([...itemQueries.all(), 'job-inspections'], inspectionsApi.forJob, manifestId),
  digest: () =>
    queryOptions({
      queryKey: ['digest-setting'] as const,
      queryFn: () => callApi(inspectionsApi.digest, {}),
    }),
};

const kindWrites = () => [['inspection-kinds'], itemQueries.all(), activityQueries.all()];

export function useCreateKind() {
  return useWrite(
    kindWrites(),
    (body: {
      component_id: string;
      name: string;
      interval_days: number;
      blocks_dispatch: boolean;
    }) => callApi(inspectionKindsApi.create, { body }),
  );
}

export function useUpdateKind() {
  return useWrite(
    kindWrites(),
    (v: { id: string; interval_days?: number; blocks_dispatch?: boolean; version: number }) =>
      callApi(inspectionKindsApi.update, {
        params: { id: v.id },
        body: {
          interval_days: v.interval_days,
          blocks_dispatch: v.blocks_dispatch,
          version: v.version,
        },
      }),
  );
}

export function useDeleteKind() {
  return useWrite(kindWrites(), (id: string) =>
    callApi(inspectionKindsApi.remove, { params: { id } }),
  );
}

/** The record form goes as multipart (its attachments are files), not through callApi's JSON. */
async function postInspection(itemId: string, form: FormData): Promise<Inspection> {
  const res = await fetch(endpointUrl(inspectionsApi.record, { params: { id: itemId } }), {
    method: 'POST',
    credentials: 'include',
    body: form,
  });
  const text = await res.text();
  if (res.status >= 400) throw apiErrorOf(res.status, text || res.statusText);
  return JSON.parse(text) as Inspection;
}

export function useRecordInspection() {
  return useWrite(
    [itemQueries.all(), activityQueries.all()],
    (v: { itemId: string; form: FormData }) => postInspection(v.itemId, v.form),
  );
}

export function useSetDigest() {
  return useWrite([['digest-setting']], (enabled: boolean) =>
    callApi(inspectionsApi.setDigest, { body: { enabled } }),
  );
}
