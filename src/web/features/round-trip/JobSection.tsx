import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import type { Manifest } from '../../../common/schemas/manifest.ts';
import { confirm, explained, notify } from '../../components/dialogs/index.ts';
import { ApiError } from '../../lib/api.ts';
import { useCloseJob, useDispatchJob } from './api.ts';
import { canTransition, hasGoneOut, isOverdue, STAGE_LABELS } from '../../../common/job-stages.ts';
import { calendarDate } from './job.ts';
import { ReturnsView } from './ReturnsView.tsx';
import { useState } from 'react';
import { DispatchOverride, JobInspections } from '../inspections/JobInspections.tsx';

// Dark shades: white text on them passes WCAG AA at badge size.
const STAGE_COLORS = {
  planning: 'gray.7',
  reserved: 'violet.9',
  out: 'blue.9',
  closed: 'green.9',
} as const;

/**
 * The job's round trip on the manifest page: its stage and dates, Dispatch and Close when
 * the answer's abilities allow them, and once it has gone out what is still out, what came
 * back and in what state, kept current while items are returned.
 */
export function JobSection({ manifest }: { manifest: Manifest }) {
  const { abilities } = manifest;
  const dispatch = useDispatchJob();
  const close = useCloseJob();
  const overdue = isOverdue(manifest);

  // A refusal by the inspections (409 inspection_due) is shown in place, with the override.
  const [refusal, setRefusal] = useState<string | null>(null);
  const dispatchJob = async (overrideNote?: string) => {
    const job = await explained('Not dispatched', async () => {
      try {
        return await dispatch.mutateAsync({ manifestId: manifest.id, overrideNote });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'inspection_due') {
          setRefusal(error.message);
          return undefined;
        }
        throw error;
      }
    });
    if (job) {
      setRefusal(null);
      notify(`${job.name} is out: ${job.items_total} items went with it.`);
    }
  };
  const closeJob = async () => {
    const yes = await confirm({
      title: 'Close this job?',
      warning:
        'Items still out are marked missing and leave the job. Scanning one later marks it found.',
      yesLabel: 'Close job',
    });
    if (!yes) return;
    const job = await explained('Not closed', () => close.mutateAsync(manifest.id));
    if (job) {
      notify(
        job.items_missing
          ? `${job.name} is closed: ${job.items_missing} marked missing.`
          : `${job.name} is closed: everything came back.`,
      );
    }
  };

  return (
    <Paper component="section" aria-labelledby="job-heading" withBorder p="sm" mt="md">
      <Group justify="space-between" gap="xs" mb="xs">
        <Group gap="xs">
          <Title order={2} size="h4" id="job-heading">
            Round trip
          </Title>
          <Badge color={STAGE_COLORS[manifest.stage]} data-testid="job-stage">
            {STAGE_LABELS[manifest.stage]}
          </Badge>
          {overdue && (
            <Badge color="red.9" data-testid="job-overdue">
              Overdue
            </Badge>
          )}
        </Group>
        {abilities.dispatch && (
          <Button onClick={() => void dispatchJob()} loading={dispatch.isPending && !refusal}>
            Dispatch
          </Button>
        )}
        {abilities.close && (
          <Button
            variant="outline"
            color="red.9"
            onClick={() => void closeJob()}
            loading={close.isPending}
          >
            Close job
          </Button>
        )}
      </Group>
      <Text size="sm" data-testid="job-dates">
        Out date: {manifest.out_date ? calendarDate(manifest.out_date) : '-'} · Due back:{' '}
        {manifest.due_date ? calendarDate(manifest.due_date) : '-'}
      </Text>
      {refusal && abilities.dispatch && (
        <DispatchOverride
          refusal={refusal}
          pending={dispatch.isPending}
          onOverride={(note) => void dispatchJob(note)}
        />
      )}
      {abilities.dispatch && <JobInspections manifestId={manifest.id} />}
      {hasGoneOut(manifest.stage) && (
        <ReturnsView manifestId={manifest.id} live={canTransition(manifest.stage, 'return')} />
      )}
    </Paper>
  );
}
