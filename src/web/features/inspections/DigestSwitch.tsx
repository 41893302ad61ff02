import { Paper, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { guarded } from '../../components/dialogs/index.ts';
import { useCan } from '../auth/api.ts';
import { inspectionQueries, useSetDigest } from './api.ts';

/** The profile's switch for the daily digest email (staff; off until switched on). */
export function DigestSwitch() {
  const canPlan = useCan('inspections:plan');
  const setting = useQuery({ ...inspectionQueries.digest(), enabled: canPlan });
  const set = useSetDigest();
  if (!canPlan || !setting.data) return null;
  return (
    <Paper component="section" aria-labelledby="digest-heading" withBorder p="sm">
      <Title order={2} size="h4" id="digest-heading" mb="xs">
        Daily digest
      </Title>
      <Switch
        label="Email me a daily digest"
        description="Inspections due this week, jobs overdue and jobs due back tomorrow"
        checked={setting.data.enabled}
        disabled={set.isPending}
        onChange={(e) => {
          const enabled = e.currentTarget.checked;
          void guarded(() => set.mutateAsync(enabled));
        }}
      />
      <Text size="xs" c="gray.7" mt={4}>
        Sent once a day by email.
      </Text>
    </Paper>
  );
}
