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
  if (isLoading) return <PageLoading />;
  if (!user) return <Navigate to="/login?redirect=/" replace />;
  return children;
}

/** The loader a page shows while what it waits for arrives. */
export function PageLoading() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading" />
    </Center>
  );
}
