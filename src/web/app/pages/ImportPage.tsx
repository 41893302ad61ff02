import { lazy } from 'react';
import { LazyFeature } from './LazyFeature.tsx';
import { Alert } from '@mantine/core';
import { useCan } from '../../features/auth/api.ts';

// The CSV import screens load with this page, never with home.
const ImportWizard = lazy(() =>
  import('../../features/import/ImportWizard.tsx').then((m) => ({ default: m.ImportWizard })),
);

/** /import: staff bring a spreadsheet in. */
export function ImportPage() {
  const canImport = useCan('inventory:write');
  if (!canImport) {
    return <Alert color="gray">Only staff can import items.</Alert>;
  }
  return (
    <LazyFeature>
      <ImportWizard />
    </LazyFeature>
  );
}
