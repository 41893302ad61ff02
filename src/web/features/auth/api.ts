import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi, membersApi } from '../../../common/api/auth.ts';
import { can, roleOf, type Permission } from '../../../common/permissions.ts';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import { ApiError, callApi } from '../../lib/api.ts';
import { identify, track } from '../analytics/index.ts';

export const authQueries = {
  me: () =>
    queryOptions({
      queryKey: ['auth', 'me'] as const,
      // Not signed in is an answer, not an error: the app shows the public view.
      queryFn: async (): Promise<CurrentUser | null> => {
        try {
          return await callApi(authApi.me, {});
        } catch (err) {
          if (err instanceof ApiError && err.status === 401) {
            // Nobody is signed in: no member's copies stay on this phone to be shown offline.
            await forgetPhoneMember().catch(() => {});
            return null;
          }
          throw err;
        }
      },
      staleTime: 5 * 60 * 1000,
      retry: false,
    }),
  /** Who a password reset link belongs to; a used or expired link fails. */
  resetInfo: (token: string) =>
    queryOptions({
      queryKey: ['auth', 'reset', token] as const,
      queryFn: () => callApi(authApi.resetInfo, { params: { token } }),
      retry: false,
      staleTime: Infinity,
    }),
};

/**
 * A session ended without a sign-out on this phone: it forgets the member's offline copies
 * (features/offline/service-worker-client.ts), never failing the caller.
 */
export async function forgetPhoneMember(): Promise<void> {
  if (typeof caches === 'undefined') return;
  // Most visitors have no copies at all: their first load never fetches the offline code.
  const kept = await caches.keys().catch(() => []);
  if (!kept.some((name) => name.startsWith('yk-api-'))) return;
  const offline = await import('../offline/service-worker-client.ts').catch(() => null);
  await offline?.forgetPhoneMember();
}

/** The signed-in user, or null. A user counts as signed in when the record has an email. */
export function useCurrentUser(options: { enabled?: boolean } = {}) {
  const query = useQuery({ ...authQueries.me(), enabled: options.enabled ?? true });
  const user = query.data?.email ? query.data : null;
  return { user, isLoading: query.isLoading, isFetched: query.isFetched };
}

/**
 * Whether the signed-in user (or an anonymous visitor) may do this, by the one permissions
 * matrix: the web app uses it only to hide controls, the server decides.
 */
export function useCan(permission: Permission): boolean {
  const { user } = useCurrentUser();
  return can(roleOf(user), permission);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; password: string }) => callApi(authApi.login, { body }),
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(authQueries.me().queryKey, user);
      identify(user.email);
      track('user_logged_in');
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(authApi.logout, {}),
    onSettled: async () => {
      // The phone forgets the member's copies and queue (the caller warned about the queue).
      const { clearPhoneData } = await import('../offline/service-worker-client.ts');
      await clearPhoneData();
      queryClient.clear();
      queryClient.setQueryData(authQueries.me().queryKey, null);
    },
  });
}

/** Always answers with the same message, known email or not. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (username: string) => callApi(authApi.forgot, { body: { username } }),
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi(authApi.verifyEmail, { body: { token } }),
    // A signed-in user's profile stops offering "Resend verification email".
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authQueries.me().queryKey }),
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: () => callApi(authApi.resendVerification, {}) });
}

/** Sets the new password; the server signs the user in with it. */
export function useResetPassword(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; newPassword: string }) =>
      callApi(authApi.reset, { params: { token }, body }),
    onSuccess: (user) => {
      // Like login, start from an empty cache, but keep the reset info the page is still
      // showing: refetching it with the now used token would flash the failure text.
      queryClient.removeQueries({
        predicate: (q) => !(q.queryKey[0] === 'auth' && q.queryKey[1] === 'reset'),
      });
      queryClient.setQueryData(authQueries.me().queryKey, user);
      identify(user.email);
    },
  });
}

/**
 * The signed-in member's own password (current one required). The server ends every
 * session of theirs and starts a new one for this device.
 */
export function useChangeOwnPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { current_password: string; password: string }) =>
      callApi(membersApi.changeOwnPassword, { body }),
    onSuccess: (user) => queryClient.setQueryData(authQueries.me().queryKey, user),
  });
}
