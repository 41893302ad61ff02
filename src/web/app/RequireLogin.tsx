import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../features/auth/api.ts';
import { CenteredLoader } from '../components/CenteredLoader.tsx';

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
  return <CenteredLoader label="Loading" />;
}
