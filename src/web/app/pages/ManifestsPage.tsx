import { Box, Button, Group, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { guarded } from '../../components/dialogs/index.ts';
import { useCan } from '../../features/auth/api.ts';
import { ManifestList } from '../../features/manifests/ManifestList.tsx';
import { useManifestForm } from '../../features/manifests/useManifestForm.ts';

/**
 * Manifests (packing lists): search and open, and the way to the planner; staff also
 * create. Client users see their client's manifests, read-only (the server limits the list).
 */
export function ManifestsPage() {
  const canWrite = useCan('inventory:write');
  const openForm = useManifestForm();
  const navigate = useNavigate();

  const create = async () => {
    const manifest = await guarded(() => openForm());
    if (manifest) navigate(`/manifests/${manifest.id}`);
  };

  return (
    <Box maw={900} mx="auto">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={1}>Manifests</Title>
        <Group gap="xs">
          {/* The jobs by date; client users' way in (their header has no links). */}
          <Button component={Link} to="/planner" variant="default">
            Planner
          </Button>
          {canWrite && <Button onClick={() => void create()}>Create a Manifest</Button>}
        </Group>
      </Group>
      <ManifestList />
    </Box>
  );
}
