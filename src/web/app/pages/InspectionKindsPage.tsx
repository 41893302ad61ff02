import { Box, Text, Title } from '@mantine/core';
import { useCan } from '../../features/auth/api.ts';
import { InspectionKindsPanel } from '../../features/inspections/InspectionKindsPanel.tsx';

/** Inspection kinds per component type: admins manage them (like component types). */
export function InspectionKindsPage() {
  const canManage = useCan('inspections:manage');
  return (
    <Box maw={900} mx="auto">
      <Title order={1} mb="xs">
        Inspection kinds
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        What each component type needs inspected, and how often. An item never inspected is due at
        once.
      </Text>
      {canManage ? <InspectionKindsPanel /> : <Text>Only admins manage inspection kinds.</Text>}
    </Box>
  );
}
