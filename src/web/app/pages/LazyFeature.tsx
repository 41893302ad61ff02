import { Suspense, type ReactNode } from 'react';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';

/** A page's lazily loaded feature, with a spinner while its code arrives. */
export function LazyFeature({ children }: { children: ReactNode }) {
  return <Suspense fallback={<CenteredLoader label="Loading" />}>{children}</Suspense>;
}
