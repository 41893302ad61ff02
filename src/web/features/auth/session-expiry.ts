import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import { authQueries } from './api.ts';

/**
 * One answer to a 401 anywhere (docs/decisions.md, "Signed out while using the app"): when
 * a signed-in member's call is refused as not signed in (the session expired, or they
 * signed out on another device), the app forgets the user and returns to login, which
 * brings them back to the page they were on. For anonymous visitors a 401 is an answer,
 * not an expiry: the public item page stays as it is.
 */
export function onUnauthorized(
  queryClient: QueryClient,
  navigate: (to: string) => unknown,
): (error: unknown) => void {
  return (error) => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    const key = authQueries.me().queryKey;
    if (!queryClient.getQueryData(key)) return;
    // Leave first: a guarded page seeing no user would send them to / instead of back here.
    const here = `${window.location.pathname}${window.location.search}`;
    if (window.location.pathname !== '/login') {
      void navigate(`/login?redirect=${encodeURIComponent(here)}`);
    }
    queryClient.setQueryData(key, null);
  };
}
