import { type QueryKey } from '@tanstack/react-query';
import type { BodyOf } from '../../../common/api/contract.ts';
import { itemComponentsApi, itemsApi } from '../../../common/api/items.ts';
import { manifestsApi, requirementsApi } from '../../../common/api/manifests.ts';
import { callApi } from '../../lib/api.ts';
import { useWrite } from '../../lib/invalidate.ts';
import { activityQueries } from '../activity/api.ts';
import { itemQueries } from '../items/api.ts';
import { endpointQuery, queryById } from '../../lib/endpoint-query.ts';

/** Manifests (packing lists). Items show their manifest's name, so writes refresh items. */
export const manifestQueries = {
  all: () => ['manifests'] as const,
  list: () => endpointQuery([...manifestQueries.all(), 'list'] as const, manifestsApi.list, {}),
  detail: (id: string) =>
    endpointQuery([...manifestQueries.all(), 'detail', id] as const, manifestsApi.get, {
      params: { id },
    }),
};

type ManifestBody = BodyOf<typeof manifestsApi.create>;

/** Every manifest write also writes to the activity feed. */
const manifestWrites = (...keys: QueryKey[]) => [...keys, activityQueries.all()];
/** Items show their manifest's name. */
const manifestAndItems = () => manifestWrites(manifestQueries.all(), itemQueries.all());

export function useCreateManifest() {
  return useWrite(manifestAndItems(), (body: ManifestBody) =>
    callApi(manifestsApi.create, { body }),
  );
}

export function useUpdateManifest() {
  return useWrite(
    manifestAndItems(),
    ({ id, ...body }: BodyOf<typeof manifestsApi.update> & { id: string }) =>
      callApi(manifestsApi.update, { params: { id }, body }),
  );
}

export function useDeleteManifest() {
  return useWrite(manifestAndItems(), (id: string) =>
    callApi(manifestsApi.remove, { params: { id } }),
  );
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
    queryById([...manifestQueries.all(), 'requirements'], requirementsApi.list, manifestId),
  /** The items allocated to a manifest, sorted by name. */
  manifestItems: (manifestId: string) =>
    queryById([...itemQueries.all(), 'manifest'], itemsApi.manifestItems, manifestId),
  /** What the allocated items provide per component type (the "packed" column). */
  manifestComponents: (manifestId: string) =>
    queryById(
      [...itemQueries.all(), 'manifest-components'],
      itemsApi.manifestComponents,
      manifestId,
    ),
  itemComponents: (itemId: string) =>
    queryById([...itemQueries.all(), 'components'], itemComponentsApi.list, itemId),
};

type DuplicateBody = BodyOf<typeof manifestsApi.duplicate>;
/** A count line: a requirement of the manifest, or a component of the item. */
type CountChange = { componentId: string; count: number; version?: number };
type CountAdd = { component_id: string; count: number };
/** A requirement added or raised on a reserved job may overbook on purpose (issue 21). */
type Overbooking = { override?: true; override_note?: string };

/** A copy with the requirements, not the items. */
export function useDuplicateManifest() {
  return useWrite(manifestWrites(manifestQueries.all()), (body: DuplicateBody) =>
    callApi(manifestsApi.duplicate, { body }),
  );
}

export function useAddRequirement(manifestId: string) {
  return useWrite(manifestWrites(manifestQueries.all()), (body: CountAdd & Overbooking) =>
    callApi(requirementsApi.create, { params: { id: manifestId }, body }),
  );
}

export function useUpdateRequirement(manifestId: string) {
  return useWrite(
    manifestWrites(manifestQueries.all()),
    ({ componentId, ...body }: CountChange & Overbooking) =>
      callApi(requirementsApi.update, { params: { manifestId, componentId }, body }),
  );
}

export function useRemoveRequirement(manifestId: string) {
  return useWrite(manifestWrites(manifestQueries.all()), (componentId: string) =>
    callApi(requirementsApi.remove, { params: { manifestId, componentId } }),
  );
}

/**
 * Puts an existing item on a manifest (moving it off any other one). The refetches are
 * not waited for: packing gives its feedback the moment the server said yes, and the
 * counters follow a moment later.
 */
export function useAllocate() {
  return useWrite(
    manifestWrites(itemQueries.all(), manifestQueries.all()),
    ({
      manifestId,
      itemId,
      key,
      packAnyway,
    }: {
      manifestId: string;
      itemId: string;
      key?: string;
      /** The answer to "Reserved for … Pack it anyway?" (issue 21). */
      packAnyway?: boolean;
    }) =>
      callApi(
        itemsApi.allocate,
        {
          body: {
            manifest_id: manifestId,
            id: itemId,
            ...(packAnyway ? { pack_anyway: true } : {}),
          },
        },
        { idempotencyKey: key },
      ),
    { wait: false },
  );
}

/** Takes an item off its manifest: an item update with manifest_id null. */
export function useTakeOff() {
  return useWrite(manifestWrites(itemQueries.all(), manifestQueries.all()), (itemId: string) =>
    callApi(itemsApi.update, { params: { id: itemId }, body: { manifest_id: null } }),
  );
}

export function useAddItemComponent(itemId: string) {
  return useWrite(manifestWrites(itemQueries.all()), (body: CountAdd) =>
    callApi(itemComponentsApi.add, { params: { id: itemId }, body }),
  );
}

export function useUpdateItemComponent(itemId: string) {
  return useWrite(manifestWrites(itemQueries.all()), ({ componentId, ...body }: CountChange) =>
    callApi(itemComponentsApi.update, { params: { itemId, componentId }, body }),
  );
}

export function useRemoveItemComponent(itemId: string) {
  return useWrite(manifestWrites(itemQueries.all()), (componentId: string) =>
    callApi(itemComponentsApi.remove, { params: { itemId, componentId } }),
  );
}
