import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * What a mutation refreshes when it succeeded: the keys come from the features' api.ts
 * (`itemQueries.all()`, ...), never spelled out as strings, so a renamed key cannot leave
 * a stale list behind.
 */
export function useInvalidate(keys: readonly QueryKey[]): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
