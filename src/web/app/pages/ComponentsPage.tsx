import { Box, Button, Group, Text, Title } from '@mantine/core';
import { guarded } from '../../components/dialogs/index.ts';
import { useCan } from '../../features/auth/api.ts';
import { ComponentList } from '../../features/component-types/ComponentList.tsx';
import { useCreateComponentInline } from '../../features/manifests/count.ts';

/**
 * Component types: what items can be and what manifests require counts of. Staff create,
 * rename and delete them; client users read the list. The profile's Components tab
 * opens this page.
 */
export function ComponentsPage() {
  const canEdit = useCan('inventory:write');
  const create = useCreateComponentInline();
  return (
    <Box maw={700} mx="auto">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={1}>Components</Title>
        {canEdit && (
          <Button onClick={() => void guarded(() => create())}>Create a Component</Button>
        )}
      </Group>
      <Text size="sm" c="gray.7" mb="md">
        Component types are what manifests require counts of and what items provide.
      </Text>
      <ComponentList canEdit={canEdit} />
    </Box>
  );
}
