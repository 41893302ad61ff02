import { Suspense, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';

/** A page's lazily loaded feature, with a spinner while its code arrives. */
export function LazyFeature({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
