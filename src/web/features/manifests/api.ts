import { queryOptions, useMutation, type QueryKey } from '@tanstack/react-query';
import type { BodyOf } from '../../../common/api/contract.ts';
import { itemComponentsApi, itemsApi } from '../../../common/api/items.ts';
import { manifestsApi, requirementsApi } from '../../../common/api/manifests.ts';
import { callApi } from '../../lib/api.ts';
import { useInvalidate } from '../../lib/invalidate.ts';
import { activityQueries } from '../activity/api.ts';
import { itemQueries } from '../items/api.ts';

/** Manifests (packing lists). Items show their manifest's name, so writes refresh items. */
export const manifestQueries = {
  all: () => ['manifests'] as const,
  list: () =>
    queryOptions({
      queryKey: [...manifestQueries.all(), 'list'] as const,
      queryFn: () => callApi(manifestsApi.list, {}),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...manifestQueries.all(), 'detail', id] as const,
      queryFn: () => callApi(manifestsApi.get, { params: { id } }),
    }),
};

type ManifestBody = BodyOf<typeof manifestsApi.create>;

export function useCreateManifest() {
  const invalidate = useInvalidateWith([manifestQueries.all(), itemQueries.all()]);
  return useMutation({
    mutationFn: (body: ManifestBody) => callApi(manifestsApi.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateManifest() {
  const invalidate = useInvalidateWith([manifestQueries.all(), itemQueries.all()]);
  return useMutation({
    mutationFn: ({ id, ...body }: BodyOf<typeof manifestsApi.update> & { id: string }) =>
      callApi(manifestsApi.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteManifest() {
  const invalidate = useInvalidateWith([manifestQueries.all(), itemQueries.all()]);
  return useMutation({
    mutationFn: (id: string) => callApi(manifestsApi.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

/**
 * The calls of the manifest screens that the entity api files do not have yet:
 * requirements, a manifest's items and totals, item components, duplicate and allocate.
 *
 * Keys: what a manifest's allocated items are and provide depends on item writes
 * (allocation, take-off, an item's component type or components), so those queries live
 * under ['items', ...] and every item mutation anywhere refreshes them. Requirements
 * belong to the manifest and live under ['manifests', ...].
 */
export const packingQueries = {
  requirements: (manifestId: string) =>
    queryOptions({
      queryKey: [...manifestQueries.all(), 'requirements', manifestId] as const,
      queryFn: () => callApi(requirementsApi.list, { params: { id: manifestId } }),
    }),
  /** The items allocated to a manifest, sorted by name. */
  manifestItems: (manifestId: string) =>
    queryOptions({
      queryKey: [...itemQueries.all(), 'manifest', manifestId] as const,
      queryFn: () => callApi(itemsApi.manifestItems, { params: { id: manifestId } }),
    }),
  /** What the allocated items provide per component type (the "packed" column). */
  manifestComponents: (manifestId: string) =>
    queryOptions({
      queryKey: [...itemQueries.all(), 'manifest-components', manifestId] as const,
      queryFn: () => callApi(itemsApi.manifestComponents, { params: { id: manifestId } }),
    }),
  itemComponents: (itemId: string) =>
    queryOptions({
      queryKey: [...itemQueries.all(), 'components', itemId] as const,
      queryFn: () => callApi(itemComponentsApi.list, { params: { id: itemId } }),
    }),
};

/** Every manifest write also writes to the activity feed. */
const useInvalidateWith = (keys: readonly QueryKey[]) =>
  useInvalidate([...keys, activityQueries.all()]);

type DuplicateBody = BodyOf<typeof manifestsApi.duplicate>;

/** A copy with the requirements, not the items. */
export function useDuplicateManifest() {
  const invalidate = useInvalidateWith([manifestQueries.all()]);
  return useMutation({
    mutationFn: (body: DuplicateBody) => callApi(manifestsApi.duplicate, { body }),
    onSuccess: invalidate,
  });
}

export function useAddRequirement(manifestId: string) {
  const invalidate = useInvalidateWith([manifestQueries.all()]);
  return useMutation({
    mutationFn: (body: { component_id: string; count: number }) =>
      callApi(requirementsApi.create, { params: { id: manifestId }, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateRequirement(manifestId: string) {
  const invalidate = useInvalidateWith([manifestQueries.all()]);
  return useMutation({
    mutationFn: ({
      componentId,
      ...body
    }: {
      componentId: string;
      count: number;
      version?: number;
    }) =>
      callApi(requirementsApi.update, {
        params: { manifestId, componentId },
        body,
      }),
    onSuccess: invalidate,
  });
}

export function useRemoveRequirement(manifestId: string) {
  const invalidate = useInvalidateWith([manifestQueries.all()]);
  return useMutation({
    mutationFn: (componentId: string) =>
      callApi(requirementsApi.remove, { params: { manifestId, componentId } }),
    onSuccess: invalidate,
  });
}

/**
 * Puts an existing item on a manifest (moving it off any other one). The refetches are
 * not waited for: packing gives its feedback the moment the server said yes, and the
 * counters follow a moment later.
 */
export function useAllocate() {
  const invalidate = useInvalidateWith([itemQueries.all(), manifestQueries.all()]);
  return useMutation({
    mutationFn: ({
      manifestId,
      itemId,
      key,
    }: {
      manifestId: string;
      itemId: string;
      key?: string;
    }) =>
      callApi(
        itemsApi.allocate,
        { body: { manifest_id: manifestId, id: itemId } },
        { idempotencyKey: key },
      ),
    onSuccess: () => {
      void invalidate();
    },
  });
}

/** Takes an item off its manifest: an item update with manifest_id null. */
export function useTakeOff() {
  const invalidate = useInvalidateWith([itemQueries.all(), manifestQueries.all()]);
  return useMutation({
    mutationFn: (itemId: string) =>
      callApi(itemsApi.update, { params: { id: itemId }, body: { manifest_id: null } }),
    onSuccess: invalidate,
  });
}

export function useAddItemComponent(itemId: string) {
  const invalidate = useInvalidateWith([itemQueries.all()]);
  return useMutation({
    mutationFn: (body: { component_id: string; count: number }) =>
      callApi(itemComponentsApi.add, { params: { id: itemId }, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateItemComponent(itemId: string) {
  const invalidate = useInvalidateWith([itemQueries.all()]);
  return useMutation({
    mutationFn: ({
      componentId,
      ...body
    }: {
      componentId: string;
      count: number;
      version?: number;
    }) => callApi(itemComponentsApi.update, { params: { itemId, componentId }, body }),
    onSuccess: invalidate,
  });
}

export function useRemoveItemComponent(itemId: string) {
  const invalidate = useInvalidateWith([itemQueries.all()]);
  return useMutation({
    mutationFn: (componentId: string) =>
      callApi(itemComponentsApi.remove, { params: { itemId, componentId } }),
    onSuccess: invalidate,
  });
}
