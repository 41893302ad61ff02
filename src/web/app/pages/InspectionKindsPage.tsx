import { Text } from '@mantine/core';
import { TitledPage } from '../../components/TitledPage.tsx';
import { useCan } from '../../features/auth/api.ts';
import { InspectionKindsPanel } from '../../features/inspections/InspectionKindsPanel.tsx';

/** Inspection kinds per component type: admins manage them (like component types). */
export function InspectionKindsPage() {
  const canManage = useCan('inspections:manage');
  return (
    <TitledPage
      title="Inspection kinds"
      intro="What each component type needs inspected, and how often. An item never inspected is due at once."
      maxWidth={900}
    >
      {canManage ? <InspectionKindsPanel /> : <Text>Only admins manage inspection kinds.</Text>}
    </TitledPage>
  );
}
