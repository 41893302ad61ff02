import type { ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../features/auth/api.ts';

/**
 * Guard for non-public routes: without a signed-in user, go to /login with the redirect
 * value set to /.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!user) return <Navigate to="/login?redirect=/" replace />;
  return children;
}
