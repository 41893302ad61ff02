import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../common/api/auth.ts';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import { ApiError, callApi } from '../../lib/api.ts';

export const authQueries = {
  me: () =>
    queryOptions({
      queryKey: ['auth', 'me'] as const,
      // Not signed in is an answer, not an error: the app shows the public view.
      queryFn: async (): Promise<CurrentUser | null> => {
        try {
          return await callApi(authApi.me, {});
        } catch (err) {
          if (err instanceof ApiError && err.status === 401) return null;
          throw err;
        }
      },
      staleTime: 5 * 60 * 1000,
      retry: false,
    }),
};

/** The signed-in user, or null. A user counts as signed in when the record has an email. */
export function useCurrentUser(options: { enabled?: boolean } = {}) {
  const query = useQuery({ ...authQueries.me(), enabled: options.enabled ?? true });
  const user = query.data?.email ? query.data : null;
  return { user, isLoading: query.isLoading, isFetched: query.isFetched };
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; password: string }) => callApi(authApi.login, { body }),
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(authQueries.me().queryKey, user);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(authApi.logout, {}),
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(authQueries.me().queryKey, null);
    },
  });
}
