import { Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { CalendarJob } from '../../../common/schemas/reservation.ts';
import { STAGE_LABELS } from '../../../common/job-stages.ts';
import { formatWindow } from '../../../common/reservations.ts';
import { PlainList } from '../../components/lists/QueryList.tsx';
import { JobMarks } from './JobMarks.tsx';
import { barPlace, daysOf, type PlannerRange } from './range.ts';
import { SHORT_RED, STAGE_STYLE } from './stage-style.ts';
import classes from './planner.module.css';

const WEEKDAY = ['S', 'M', 'T', 'W', 'T', 'F', 'S'];

/**
 * The wide planner: one row per job, a bar over the days of its window (prep and
 * turnaround included), coloured by stage; a job short of something is edged in red.
 * A bar cut by the range's edge is squared off on that side. Clicking a bar opens the job.
 */
export function PlannerTimeline({
  range,
  jobs,
  today,
}: {
  range: PlannerRange;
  jobs: CalendarJob[];
  today: string;
}) {
  const days = daysOf(range);
  const columns = `repeat(${days.length}, minmax(1.5rem, 1fr))`;
  return (
    <div className={classes.timeline} data-testid="planner-timeline">
      <div className={classes.days} style={{ gridTemplateColumns: columns }} aria-hidden="true">
        {days.map((day) => (
          <div key={day} className={classes.day} data-today={day === today || undefined}>
            <span>{WEEKDAY[new Date(`${day}T00:00:00Z`).getUTCDay()]}</span>
            <span>{Number(day.slice(8))}</span>
          </div>
        ))}
      </div>
      <PlainList gap={4} label="Jobs">
        {jobs.map((job) => {
          const place = barPlace(job, range);
          if (!place) return null;
          const style = STAGE_STYLE[job.stage];
          return (
            <li
              key={job.id}
              className={classes.row}
              style={{ gridTemplateColumns: columns }}
              data-testid="planner-job"
              data-job={job.name}
              data-short={job.short || undefined}
            >
              <Link
                to={`/manifests/${job.id}`}
                className={classes.bar}
                data-cut-start={place.cutStart || undefined}
                data-cut-end={place.cutEnd || undefined}
                style={{
                  gridColumn: `${place.column} / span ${place.span}`,
                  background: style.fill,
                  borderColor: job.short ? SHORT_RED : style.edge,
                  borderStyle: style.dashed && !job.short ? 'dashed' : 'solid',
                  borderWidth: job.short ? 2 : 1,
                }}
              >
                <Text span size="sm" fw={600} truncate="end" className={classes.name}>
                  {job.name}
                </Text>
                <VisuallyHidden>
                  {`, ${STAGE_LABELS[job.stage]}, ${formatWindow(job)}`}
                  {job.client_name ? `, ${job.client_name}` : ''}
                </VisuallyHidden>
                <JobMarks job={job} withStage={false} />
              </Link>
            </li>
          );
        })}
      </PlainList>
    </div>
  );
}
