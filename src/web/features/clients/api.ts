import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { clientsApi } from '../../../common/api/catalog.ts';
import { callApi } from '../../lib/api.ts';

/** Clients: a name each. Items show the client's name, so writes refresh items too. */
export const clientQueries = {
  all: () => ['clients'] as const,
  list: () =>
    queryOptions({
      queryKey: [...clientQueries.all(), 'list'] as const,
      queryFn: () => callApi(clientsApi.list, {}),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...clientQueries.all(), 'detail', id] as const,
      queryFn: () => callApi(clientsApi.get, { params: { id } }),
    }),
};

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: clientQueries.all() }),
      queryClient.invalidateQueries({ queryKey: ['items'] }),
      queryClient.invalidateQueries({ queryKey: ['activity'] }),
    ]);
}

export function useCreateClient() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { name: string }) => callApi(clientsApi.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateClient() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; name: string; version?: number }) =>
      callApi(clientsApi.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteClient() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => callApi(clientsApi.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}
