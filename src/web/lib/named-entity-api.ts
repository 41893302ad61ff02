import type { QueryKey } from '@tanstack/react-query';
import type { clientsApi } from '../../common/api/catalog.ts';
import { callApi } from './api.ts';
import { useWrite } from './invalidate.ts';
import { endpointQuery } from './endpoint-query.ts';

/** Clients, locations and component types share one contract shape (common/api/catalog.ts). */
type NamedEntityApi = typeof clientsApi;

/**
 * A named entity's list and detail queries under `[key, ...]`, and its create, rename and
 * delete. Each write refreshes its own queries and `alsoRefresh()` (the items and
 * activity that show its name).
 */
export function namedEntity<K extends string>(
  key: K,
  api: NamedEntityApi,
  alsoRefresh: () => readonly QueryKey[],
) {
  const queries = {
    all: () => [key] as const,
    list: () => endpointQuery([...queries.all(), 'list'] as const, api.list, {}),
    detail: (id: string) =>
      endpointQuery([...queries.all(), 'detail', id] as const, api.get, { params: { id } }),
  };
  const refresh = () => [queries.all(), ...alsoRefresh()];
  return {
    queries,
    useCreate: () => useWrite(refresh(), (body: { name: string }) => callApi(api.create, { body })),
    useUpdate: () =>
      useWrite(refresh(), ({ id, ...body }: { id: string; name: string; version?: number }) =>
        callApi(api.update, { params: { id }, body }),
      ),
    useDelete: () => useWrite(refresh(), (id: string) => callApi(api.remove, { params: { id } })),
  };
}

export type NamedEntity<K extends string> = ReturnType<typeof namedEntity<K>>;
