import { queryOptions, useMutation } from '@tanstack/react-query';
import type { clientsApi } from '../../common/api/catalog.ts';
import { callApi } from './api.ts';
import { useInvalidate } from './invalidate.ts';

/** Clients, locations and component types share one contract shape (common/api/catalog.ts). */
type NamedEntityApi = typeof clientsApi;

/** The list and detail queries of a named entity, under `[key, ...]`. */
export function namedQueries<K extends string>(key: K, api: NamedEntityApi) {
  const queries = {
    all: () => [key] as const,
    list: () =>
      queryOptions({
        queryKey: [...queries.all(), 'list'] as const,
        queryFn: () => callApi(api.list, {}),
      }),
    detail: (id: string) =>
      queryOptions({
        queryKey: [...queries.all(), 'detail', id] as const,
        queryFn: () => callApi(api.get, { params: { id } }),
      }),
  };
  return queries;
}

/**
 * Create, rename and delete of a named entity. Each write refreshes `refresh` (its own
 * list, and the items and activity that show its name).
 */
export function namedMutations(
  api: NamedEntityApi,
  refresh: () => readonly (readonly unknown[])[],
) {
  function useCreate() {
    const invalidate = useInvalidate(refresh());
    return useMutation({
      mutationFn: (body: { name: string }) => callApi(api.create, { body }),
      onSuccess: invalidate,
    });
  }
  function useUpdate() {
    const invalidate = useInvalidate(refresh());
    return useMutation({
      mutationFn: ({ id, ...body }: { id: string; name: string; version?: number }) =>
        callApi(api.update, { params: { id }, body }),
      onSuccess: invalidate,
    });
  }
  function useDelete() {
    const invalidate = useInvalidate(refresh());
    return useMutation({
      mutationFn: (id: string) => callApi(api.remove, { params: { id } }),
      onSuccess: invalidate,
    });
  }
  return { useCreate, useUpdate, useDelete };
}

export type NamedQueries<K extends string> = ReturnType<typeof namedQueries<K>>;
export type NamedMutations = ReturnType<typeof namedMutations>;
