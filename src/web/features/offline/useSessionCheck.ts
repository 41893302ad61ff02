import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../common/api/auth.ts';
import { callApi } from '../../lib/api.ts';
import { onNetworkMaybeBack } from '../../lib/network-return.ts';
import { onUnauthorized } from '../auth/session-expiry.ts';

/**
 * A phone brought back to the foreground (or back online) asks whether its member is still
 * signed in, before it may go offline again: a member revoked meanwhile (an admin reset
 * their password) is then forgotten at once, copies included, and sent to sign in
 * (session-expiry.ts), instead of leaving their data on the phone to be shown offline
 * (docs/decisions.md, "A revoked phone forgets its member"). One check at a time.
 */
export function useSessionCheck(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const signedOut = onUnauthorized(queryClient);
    let checking = false;
    const check = async () => {
      if (checking) return;
      checking = true;
      try {
        await callApi(authApi.me, {}, { cache: 'no-store' });
      } catch (error) {
        // Only a 401 means anything here: no network, or a failing server, proves nothing.
        signedOut(error);
      } finally {
        checking = false;
      }
    };
    return onNetworkMaybeBack(() => void check());
  }, [userId, queryClient]);
}
