import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../common/api/contract.ts';
import { manifestsApi } from '../../../common/api/manifests.ts';
import { callApi } from '../../lib/api.ts';

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

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: manifestQueries.all() }),
      queryClient.invalidateQueries({ queryKey: ['items'] }),
      queryClient.invalidateQueries({ queryKey: ['activity'] }),
    ]);
}

export function useCreateManifest() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ManifestBody) => callApi(manifestsApi.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateManifest() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: BodyOf<typeof manifestsApi.update> & { id: string }) =>
      callApi(manifestsApi.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteManifest() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => callApi(manifestsApi.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}
