import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ActivityEntry } from '../../../../common/schemas/activity.ts';
import { useNearEnd } from '../../../components/useNearEnd.ts';
import { activityQueries } from '../api.ts';
import { describeActivity } from '../describe.ts';

/** The next page loads when the reader is within this distance of the end (spec 9). */
const NEAR_BOTTOM_PX = 300;

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The activity feed, newest first. `scrollRoot` is the element that scrolls it (the
 * sidebar), or null when the page itself scrolls (the mobile toggle).
 */
export function ActivityFeed({ scrollRoot }: { scrollRoot: HTMLElement | null }) {
  const feed = useInfiniteQuery(activityQueries.feed());
  const sentinel = useNearEnd<HTMLDivElement>({
    onNear: () => void feed.fetchNextPage(),
    enabled: feed.hasNextPage && !feed.isFetching,
    distance: NEAR_BOTTOM_PX,
    root: scrollRoot,
  });

  if (feed.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading activity" />
      </Center>
    );
  }
  if (feed.isError) {
    return (
      <Alert color="red" title="The activity could not be loaded">
        {feed.error.message}
      </Alert>
    );
  }
  const entries = feed.data.pages.flat();
  return (
    <Stack gap="sm">
      {entries.length === 0 && <Text c="gray.7">Nothing has happened yet.</Text>}
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <ActivityRow key={entry.id} entry={entry} />
        ))}
      </Stack>
      <div ref={sentinel} />
      {feed.isFetchingNextPage && (
        <Center>
          <Loader size="xs" aria-label="Loading more activity" />
        </Center>
      )}
    </Stack>
  );
}

function ActivityRow({ entry }: { entry: ActivityEntry }) {
  const line = describeActivity(entry);
  return (
    <li data-testid="activity-entry">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <Text span fw={600} inherit>
          {line.who}
        </Text>{' '}
        {line.itemId ? (
          <Anchor component={Link} to={`/items/${line.itemId}`} inherit>
            {line.what}
          </Anchor>
        ) : (
          line.what
        )}
      </Text>
      <Text size="xs" c="gray.7">
        <time dateTime={entry.created_at}>{timeFormat.format(new Date(entry.created_at))}</time>
      </Text>
    </li>
  );
}
