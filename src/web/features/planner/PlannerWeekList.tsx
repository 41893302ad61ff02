import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { CalendarJob } from '../../../common/schemas/reservation.ts';
import { formatWindow } from '../../../common/reservations.ts';
import { PlainList } from '../../components/lists/QueryList.tsx';
import { JobMarks } from './JobMarks.tsx';
import { groupByWeek, type PlannerRange } from './range.ts';
import { SHORT_RED, STAGE_STYLE } from './stage-style.ts';

/**
 * The planner on a phone: the range week by week (a quiet week says so), each job with
 * its window, stage and marks, a tap opening it.
 */
export function PlannerWeekList({ range, jobs }: { range: PlannerRange; jobs: CalendarJob[] }) {
  const weeks = groupByWeek(jobs, range, (job) => job);
  return (
    <Stack gap="md" data-testid="planner-weeks">
      {weeks.map((week) => (
        <section
          key={week.from}
          aria-label={`Week ${formatWindow(week)}`}
          data-testid="planner-week"
        >
          <Title order={2} size="h4" mb={4}>
            {formatWindow(week)}
          </Title>
          {week.jobs.length === 0 ? (
            <Text size="sm" c="gray.7">
              No jobs
            </Text>
          ) : (
            <PlainList gap={4}>
              {week.jobs.map((job) => (
                <li key={job.id} data-testid="planner-job" data-job={job.name}>
                  <Paper
                    withBorder
                    p={6}
                    style={{
                      borderLeft: `4px solid ${job.short ? SHORT_RED : STAGE_STYLE[job.stage].edge}`,
                    }}
                  >
                    <Anchor component={Link} to={`/manifests/${job.id}`} fw={600}>
                      {job.name}
                    </Anchor>
                    <Text size="sm" c="gray.8">
                      {formatWindow(job)}
                      {job.client_name ? ` · ${job.client_name}` : ''}
                    </Text>
                    <JobMarks job={job} />
                  </Paper>
                </li>
              ))}
            </PlainList>
          )}
        </section>
      ))}
    </Stack>
  );
}
