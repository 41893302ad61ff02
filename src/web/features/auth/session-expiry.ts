import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import { authQueries, forgetPhoneMember } from './api.ts';

/**
 * One answer to a 401 anywhere (docs/decisions.md, "Signed out while using the app"): when
 * a signed-in member's call is refused as not signed in (the session expired, or they
 * signed out on another device), the app loads the login page afresh, which brings them
 * back to the page they were on. For anonymous visitors a 401 is an answer, not an
 * expiry: the public item page stays as it is.
 *
 * A full page load, not a router navigation: forgetting the user inside the running app
 * makes the guarded page they are on redirect to /login?redirect=/ before the login
 * page's chunk has arrived, losing the way back; a fresh load also drops every copy of
 * the old session's data from memory. Before leaving, the phone forgets the member's
 * offline copies (their queued scans wait for them: docs/decisions.md, "A revoked phone
 * forgets its member"), also when the 401 answered a write the service worker never sees.
 */
// Several calls fail at once when a session ends: the page is left once.
let leaving = false;

export function onUnauthorized(
  queryClient: QueryClient,
  leave: (to: string) => void = (to) => window.location.assign(to),
): (error: unknown) => void {
  return (error) => {
    if (leaving || !(error instanceof ApiError) || error.status !== 401) return;
    if (!queryClient.getQueryData(authQueries.me().queryKey)) return;
    if (window.location.pathname === '/login') return;
    leaving = true;
    const here = `${window.location.pathname}${window.location.search}`;
    void forgetPhoneMember().then(() => leave(`/login?redirect=${encodeURIComponent(here)}`));
  };
}
