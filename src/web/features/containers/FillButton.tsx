import { lazy, Suspense, useState } from 'react';
import { Button, Loader } from '@mantine/core';
import { unlockAudio } from '../scan-mode/feedback.ts';
import type { FillTarget } from './useFillScans.ts';

// The camera code loads when filling starts, not with the item page.
const FillMode = lazy(() => import('./FillMode.tsx').then((m) => ({ default: m.FillMode })));

/** "Fill this container" (staff): opens the continuous scanner over this item. */
export function FillButton({ container }: { container: FillTarget }) {
  const [filling, setFilling] = useState(false);
  return (
    <>
      <Button
        size="compact-md"
        onClick={() => {
          // The click is the gesture browsers need before a page may make sound.
          unlockAudio();
          setFilling(true);
        }}
      >
        Fill this container
      </Button>
      {filling && (
        <Suspense fallback={<Loader size="sm" aria-label="Loading fill mode" />}>
          <FillMode container={container} opened onClose={() => setFilling(false)} />
        </Suspense>
      )}
    </>
  );
}
