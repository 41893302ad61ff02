import { lazy, Suspense } from 'react';
import { Alert, Center, Loader } from '@mantine/core';
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
    <Suspense
      fallback={
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      }
    >
      <ImportWizard />
    </Suspense>
  );
}
