import { useState } from 'react';
import { Anchor, Button, Group, List, Paper, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCan } from '../auth/api.ts';
import { inspectionQueries } from './api.ts';

/**
 * On a job not sent out yet: its items whose inspection falls due before it comes back
 * ("PAT test due 4 Jun, before Summer show returns"). Staff only (inspections:plan).
 */
export function JobInspections({ manifestId }: { manifestId: string }) {
  const canPlan = useCan('inspections:plan');
  const due = useQuery({ ...inspectionQueries.forJob(manifestId), enabled: canPlan });
  if (!canPlan || !due.data?.length) return null;
  return (
    <Paper withBorder p="sm" mt="sm" data-testid="job-inspections">
      <Text fw={700} size="sm" mb={4}>
        Inspections due before this job returns
      </Text>
      <List size="sm">
        {due.data.map((d) => (
          <List.Item key={`${d.item_id}-${d.kind_id}`}>
            <Anchor component={Link} to={`/items/${d.item_id}`}>
              {d.item_name ?? d.item_id}
            </Anchor>
            : {d.message}
            {d.blocks_dispatch ? ' (blocks dispatch)' : ''}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

/** Dispatch refused by the inspections: what the server said, and "Dispatch anyway" with a note. */
export function DispatchOverride({
  refusal,
  pending,
  onOverride,
}: {
  refusal: string;
  pending: boolean;
  onOverride: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  return (
    <Paper withBorder p="sm" mt="sm" role="alert" data-testid="dispatch-refused">
      <Text fw={700} size="sm" c="red.9">
        Not dispatched
      </Text>
      <Text size="sm" mb="xs">
        {refusal}
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (note.trim()) onOverride(note.trim());
        }}
      >
        <Group align="end" gap="xs">
          <TextInput
            label="Why dispatch anyway?"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            required
            style={{ flex: 1 }}
          />
          <Button type="submit" color="red.9" loading={pending} disabled={!note.trim()}>
            Dispatch anyway
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
