import { lazy, Suspense, useEffect, useState } from 'react';
import { setDialogHost } from './queue.ts';

const ModalsManager = lazy(() => import('./ModalsManager.tsx'));

/**
 * Mounts Mantine's modals manager when the first dialog is asked for (see queue.ts), not
 * with the first page: a phone opening a label never loads the modal code unless it needs
 * it (docs/decisions.md, "Fast on a phone"). Place it once, inside the Mantine and query
 * providers, as ModalsProvider was: dialog content sees the same contexts.
 */
export function DialogHost() {
  const [wanted, setWanted] = useState(false);
  const [ready] = useState(() => {
    let resolve = () => {};
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  });
  useEffect(() => {
    setDialogHost({
      ensure: () => {
        setWanted(true);
        return ready.promise;
      },
    });
    return () => setDialogHost(null);
  }, [ready]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsManager onListening={ready.resolve} />
    </Suspense>
  );
}
