import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { nextDueText } from './dates.ts';
import { inspectionQueries } from './api.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';

/** Inspections due within `days` days, overdue first: the /inspections page and Home's filter. */
export function DueList({ days }: { days: number }) {
  const due = useQuery(inspectionQueries.due(days));
  if (due.isPending) {
    return <CenteredLoader label="Loading the inspections due" />;
  }
  if (due.isError) {
    return (
      <Alert color="red" title="What is due could not be loaded">
        {due.error.message}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="gray.7" aria-live="polite" data-testid="due-count">
        {due.data.length === 1 ? '1 inspection due' : `${due.data.length} inspections due`}
      </Text>
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {due.data.map((d) => (
          <li key={`${d.item_id}-${d.kind_id}`} data-testid="due-row">
            <Group gap="xs">
              <Anchor component={Link} to={`/items/${d.item_id}`}>
                {d.item_name?.trim() || d.item_id}
              </Anchor>
              <Text size="sm">{d.kind_name}</Text>
              <Badge tt="none" color={d.overdue ? 'red.9' : 'gray.8'}>
                {nextDueText(d)}
              </Badge>
              {d.blocks_dispatch && <Text size="sm">blocks dispatch</Text>}
            </Group>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
