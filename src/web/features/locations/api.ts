import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { locationsApi } from '../../../common/api/catalog.ts';
import { callApi } from '../../lib/api.ts';

/** Locations: a name each. Items show the location's name, so writes refresh items too. */
export const locationQueries = {
  all: () => ['locations'] as const,
  list: () =>
    queryOptions({
      queryKey: [...locationQueries.all(), 'list'] as const,
      queryFn: () => callApi(locationsApi.list, {}),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...locationQueries.all(), 'detail', id] as const,
      queryFn: () => callApi(locationsApi.get, { params: { id } }),
    }),
};

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: locationQueries.all() }),
      queryClient.invalidateQueries({ queryKey: ['items'] }),
      queryClient.invalidateQueries({ queryKey: ['activity'] }),
    ]);
}

export function useCreateLocation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { name: string }) => callApi(locationsApi.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateLocation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; name: string; version?: number }) =>
      callApi(locationsApi.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteLocation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => callApi(locationsApi.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}
