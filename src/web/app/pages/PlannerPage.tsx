import { Alert, Button, Group, SegmentedControl, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { today as todayUtc } from '../../../common/job-stages.ts';
import { formatWindow } from '../../../common/reservations.ts';
import { useCan } from '../../features/auth/api.ts';
import { plannerQueries, type PlannerFilters } from '../../features/planner/api.ts';
import { monthTitle } from '../../features/planner/dates.ts';
import { PlannerFilterFields } from '../../features/planner/PlannerFilters.tsx';
import { PlannerTimeline } from '../../features/planner/PlannerTimeline.tsx';
import { PlannerWeekList } from '../../features/planner/PlannerWeekList.tsx';
import {
  rangeAround,
  rangeFromSearch,
  shiftRange,
  spanOf,
  type PlannerRange,
  type Span,
} from '../../features/planner/range.ts';
import { MOBILE_QUERY } from '../Layout.tsx';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';

/**
 * The planner: the jobs of a range as bars on a week or month timeline (a list by week on
 * a phone). Everything on screen is in the address (?from=&to=&client=&component=), so a
 * view is shared by sharing the link. Client users see their own client's jobs, read-only
 * (the server limits them; nothing here writes).
 */
export function PlannerPage() {
  const [search, setSearch] = useSearchParams();
  const today = todayUtc();
  const range = rangeFromSearch(search, today);
  const span = spanOf(range);
  const staff = useCan('inventory:write');
  const mobile = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  const filters: PlannerFilters = {
    clientId: staff ? search.get('client') : null,
    componentId: search.get('component'),
  };
  const calendar = useQuery({
    ...plannerQueries.calendar(range, filters),
    placeholderData: keepPreviousData,
  });

  const show = (next: PlannerRange, nextFilters = filters) => {
    const params = new URLSearchParams({ from: next.from, to: next.to });
    if (nextFilters.clientId) params.set('client', nextFilters.clientId);
    if (nextFilters.componentId) params.set('component', nextFilters.componentId);
    setSearch(params);
  };
  const title =
    span === 'month' &&
    range.from.endsWith('-01') &&
    rangeAround('month', range.from).to === range.to
      ? monthTitle(range.from)
      : formatWindow(range);

  return (
    <div>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={1}>Planner</Title>
        <Text fw={600} aria-live="polite" data-testid="planner-range">
          {title}
        </Text>
      </Group>
      <Group gap="xs" mb="sm" align="flex-end">
        <Button.Group>
          <Button variant="default" onClick={() => show(shiftRange(range, -1))}>
            Previous
          </Button>
          <Button variant="default" onClick={() => show(rangeAround(span, today))}>
            Today
          </Button>
          <Button variant="default" onClick={() => show(shiftRange(range, 1))}>
            Next
          </Button>
        </Button.Group>
        <SegmentedControl
          aria-label="Timeline"
          value={span}
          onChange={(v) => show(rangeAround(v as Span, range.from))}
          data={[
            { value: 'week', label: 'Week' },
            { value: 'month', label: 'Month' },
          ]}
        />
        <PlannerFilterFields
          value={filters}
          onChange={(next) => show(range, next)}
          withClient={staff}
        />
      </Group>
      {calendar.isError ? (
        <Alert color="red" title="The planner could not be loaded">
          {calendar.error.message}
        </Alert>
      ) : calendar.isPending ? (
        <CenteredLoader label="Loading the planner" />
      ) : mobile ? (
        <PlannerWeekList range={range} jobs={calendar.data.jobs} />
      ) : calendar.data.jobs.length === 0 ? (
        <Text c="gray.7">No jobs in these days.</Text>
      ) : (
        <PlannerTimeline range={range} jobs={calendar.data.jobs} today={today} />
      )}
    </div>
  );
}
