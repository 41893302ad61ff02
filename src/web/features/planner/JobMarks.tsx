import { Badge, Group } from '@mantine/core';
import type { CalendarJob } from '../../../common/schemas/reservation.ts';
import { STAGE_LABELS } from '../../../common/job-stages.ts';

/** The stage, and the marks a job can carry: short of something (red), overdue. */
export function JobMarks({ job, withStage = true }: { job: CalendarJob; withStage?: boolean }) {
  return (
    <Group gap={4} wrap="nowrap" component="span">
      {withStage && (
        <Badge size="xs" variant="outline" color="dark">
          {STAGE_LABELS[job.stage]}
        </Badge>
      )}
      {job.short && (
        <Badge size="xs" color="red.9" data-testid="job-short">
          Short
        </Badge>
      )}
      {job.overdue && (
        <Badge size="xs" variant="outline" color="red.9">
          Overdue
        </Badge>
      )}
    </Group>
  );
}
