import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * What a mutation refreshes when it succeeded: the keys come from the features' api.ts
 * (`itemQueries.all()`, ...), never spelled out as strings, so a renamed key cannot leave
 * a stale list behind.
 */
export function useInvalidate(keys: readonly QueryKey[]): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * The write of every feature's api.ts: the call, then `refresh` once it succeeded.
 * `mutateAsync` resolves after the refetches, so a dialog closing on it shows fresh data;
 * with `wait: false` it resolves at once and the lists follow (scanning answers first).
 * `after` runs before the refresh, e.g. to count the event.
 */
export function useWrite<V, R>(
  refresh: readonly QueryKey[],
  mutationFn: (variables: V) => Promise<R>,
  options: { after?: (result: R, variables: V) => void; wait?: boolean } = {},
) {
  const invalidate = useInvalidate(refresh);
  return useMutation({
    mutationFn,
    onSuccess: (result: R, variables: V) => {
      options.after?.(result, variables);
      const refreshed = invalidate();
      return options.wait === false ? undefined : refreshed;
    },
  });
}
