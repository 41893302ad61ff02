import { lazy } from 'react';
import { LazyFeature } from './LazyFeature.tsx';
import { Alert } from '@mantine/core';
import { can, roleOf } from '../../../common/permissions.ts';
import { useCurrentUser } from '../../features/auth/api.ts';

// The CSV import screens load with this page, never with home.
const ImportWizard = lazy(() =>
  import('../../features/import/ImportWizard.tsx').then((m) => ({ default: m.ImportWizard })),
);

/** /import: staff bring a spreadsheet in. */
export function ImportPage() {
  const { user } = useCurrentUser();
  if (!can(roleOf(user), 'inventory:write')) {
    return <Alert color="gray">Only staff can import items.</Alert>;
  }
  return (
    <LazyFeature>
      <ImportWizard />
    </LazyFeature>
  );
}
