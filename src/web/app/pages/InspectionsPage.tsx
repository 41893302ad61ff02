import { Box, Text, Title } from '@mantine/core';
import { DUE_WINDOW_DAYS } from '../../../common/inspections.ts';
import { DueList } from '../../features/inspections/DueList.tsx';

/** What is due in the next 30 days, overdue first (staff). */
export function InspectionsPage() {
  return (
    <Box maw={800} mx="auto">
      <Title order={1} mb="xs">
        Inspections due
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        Overdue first, then what falls due in the next {DUE_WINDOW_DAYS} days.
      </Text>
      <DueList days={DUE_WINDOW_DAYS} />
    </Box>
  );
}
