import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { componentsApi } from '../../../common/api/catalog.ts';
import { callApi } from '../../lib/api.ts';

/** Component types: a name each. Items show the component's name, so writes refresh items too. */
export const componentQueries = {
  all: () => ['components'] as const,
  list: () =>
    queryOptions({
      queryKey: [...componentQueries.all(), 'list'] as const,
      queryFn: () => callApi(componentsApi.list, {}),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...componentQueries.all(), 'detail', id] as const,
      queryFn: () => callApi(componentsApi.get, { params: { id } }),
    }),
};

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: componentQueries.all() }),
      queryClient.invalidateQueries({ queryKey: ['items'] }),
      queryClient.invalidateQueries({ queryKey: ['activity'] }),
    ]);
}

export function useCreateComponent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { name: string }) => callApi(componentsApi.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateComponent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; name: string; version?: number }) =>
      callApi(componentsApi.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteComponent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => callApi(componentsApi.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}
