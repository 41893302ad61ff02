import { lazy, Suspense, useState } from 'react';
import { Anchor, Button, Container, Group, Loader, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { EntityStatus } from '../../components/EntityStatus.tsx';
import { useCan } from '../../features/auth/api.ts';
import { AllocatedItems } from '../../features/manifests/AllocatedItems.tsx';
import { ManifestDetails } from '../../features/manifests/ManifestDetails.tsx';
import { RequirementsTable } from '../../features/manifests/RequirementsTable.tsx';
import { useManifestActions } from '../../features/manifests/useManifestActions.ts';
import { manifestQueries } from '../../features/manifests/api.ts';
import { unlockAudio } from '../../features/scan-mode/feedback.ts';
import { packingSheetUrl } from '../../features/printing/packing-sheet.ts';
import { printLabels } from '../../features/printing/print-labels.ts';
import { guarded } from '../../components/dialogs/index.ts';
import { JobSection } from '../../features/round-trip/JobSection.tsx';
import { JobAvailability } from '../../features/reservations/JobAvailability.tsx';

// Packing mode and the camera code load when packing starts, not with every page.
const PackingMode = lazy(() =>
  import('../../features/packing/PackingMode.tsx').then((m) => ({ default: m.PackingMode })),
);
const ReturnMode = lazy(() =>
  import('../../features/returns/ReturnMode.tsx').then((m) => ({ default: m.ReturnMode })),
);

/**
 * One manifest: its details, required versus packed per component, and the packed items.
 * Staff edit, duplicate, delete, change requirements in place and pack by scanning;
 * client users read it.
 */
export function ManifestPage() {
  const { manifestId = '' } = useParams();
  const canEdit = useCan('inventory:write');
  const manifest = useQuery(manifestQueries.detail(manifestId));
  const actions = useManifestActions(manifest.data);
  // `?pack=1` is the link printed as the packing sheet's QR code: it opens packing mode.
  const [searchParams] = useSearchParams();
  const [packing, setPacking] = useState(() => searchParams.get('pack') === '1');
  const [returning, setReturning] = useState(false);

  if (manifest.isPending || manifest.isError) {
    return (
      <EntityStatus
        noun="manifest"
        error={manifest.error}
        back={{ to: '/manifests', label: 'Back to manifests' }}
      />
    );
  }

  const data = manifest.data;
  const { abilities } = data;
  // Scanning returns a job that takes returns, and otherwise packs one that takes items
  // (the answer's abilities: src/common/job-stages.ts).
  const scanMode = abilities.return ? 'return' : abilities.pack ? 'pack' : null;
  const startScanning = () => {
    // The click is the gesture browsers need before a page may make sound.
    unlockAudio();
    if (scanMode === 'pack') setPacking(true);
    else setReturning(true);
  };

  return (
    <Container size="md" px={0}>
      <Title order={1} mb="md" style={{ overflowWrap: 'anywhere' }}>
        {data.name}
      </Title>
      {scanMode && (
        <Button size="lg" fullWidth mb="md" onClick={startScanning}>
          {scanMode === 'pack' ? 'Start packing' : 'Return by scanning'}
        </Button>
      )}
      <ManifestDetails manifest={data} />
      <JobSection manifest={data} />
      <JobAvailability manifest={data} />
      <RequirementsTable manifestId={data.id} canEdit={canEdit} />
      <AllocatedItems manifestId={data.id} manifestName={data.name} />
      <Group mt="lg" gap="xs">
        {canEdit && (
          <Button
            variant="default"
            onClick={() =>
              void guarded(() =>
                printLabels({ manifest_id: data.id }, `Labels for the items on ${data.name}.`),
              )
            }
          >
            Print labels
          </Button>
        )}
        <Button component="a" variant="default" href={packingSheetUrl(data.id)} target="_blank">
          Packing sheet (PDF)
        </Button>
        {abilities.edit && <Button onClick={actions.edit}>Edit manifest</Button>}
        {canEdit && (
          <Button variant="default" onClick={() => void actions.duplicate()}>
            Duplicate
          </Button>
        )}
        {abilities.delete && (
          <Button variant="outline" color="red.9" onClick={() => void actions.remove()}>
            Delete manifest
          </Button>
        )}
      </Group>
      <Anchor component={Link} to="/manifests" display="inline-block" mt="md">
        Back to manifests
      </Anchor>
      {packing && scanMode === 'pack' && (
        <Suspense fallback={<Loader aria-label="Loading packing mode" />}>
          <PackingMode manifest={data} opened onClose={() => setPacking(false)} />
        </Suspense>
      )}
      {returning && scanMode === 'return' && (
        <Suspense fallback={<Loader aria-label="Loading return mode" />}>
          <ReturnMode manifest={data} opened onClose={() => setReturning(false)} />
        </Suspense>
      )}
    </Container>
  );
}
