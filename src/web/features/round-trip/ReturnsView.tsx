import { Alert, Anchor, Loader, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { stillOutText } from '../../../common/round-trip.ts';
import type { Item } from '../../../common/schemas/item.ts';
import { roundTripQueries } from './api.ts';

/** While a job is out, returns scanned on other phones show up within this long. */
const LIVE_REFRESH_MS = 4000;

const GROUPS = [
  { key: 'out', title: 'Still out', empty: 'Nothing is out.' },
  { key: 'returned', title: 'Returned', empty: 'Nothing back yet.' },
  { key: 'damaged', title: 'Damaged', empty: 'Nothing came back damaged.' },
  { key: 'missing', title: 'Missing', empty: 'Nothing is missing.' },
] as const;

/**
 * What went out on the job, by where it is now: "12 of 40 still out", then the four
 * lists. While the job is out it refreshes itself (and at once after any item write
 * on this phone), so the count drops as things are scanned back in.
 */
export function ReturnsView({ manifestId, live }: { manifestId: string; live: boolean }) {
  const returns = useQuery({
    ...roundTripQueries.returns(manifestId),
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
  if (returns.isPending) return <Loader size="sm" aria-label="Loading the returns" />;
  if (returns.isError) return <Alert color="red">{returns.error.message}</Alert>;
  const lists = returns.data;
  const total = GROUPS.reduce((n, g) => n + lists[g.key].length, 0);
  const out = lists.out.length;
  return (
    <Stack gap="xs" mt="sm">
      <Text fw={600} data-testid="still-out">
        {stillOutText(out, total)}
      </Text>
      <Progress
        value={total ? ((total - out) / total) * 100 : 100}
        aria-label="Share of the items back"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {GROUPS.map((group) => (
          <section key={group.key} aria-labelledby={`returns-${group.key}`}>
            <Title order={3} size="h5" id={`returns-${group.key}`}>
              {group.title} ({lists[group.key].length})
            </Title>
            <ItemLinks
              items={lists[group.key]}
              empty={group.empty}
              testId={`returns-${group.key}`}
            />
          </section>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function ItemLinks({ items, empty, testId }: { items: Item[]; empty: string; testId: string }) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="gray.7" data-testid={testId}>
        {empty}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }} data-testid={testId}>
      {items.map((item) => (
        <li key={item.id}>
          <Anchor component={Link} to={`/items/${item.id}`} size="sm">
            {item.name?.trim() || item.id}
          </Anchor>
          {item.condition_note && (
            <Text span size="sm" c="gray.7">
              {' '}
              — {item.condition_note}
            </Text>
          )}
        </li>
      ))}
    </Stack>
  );
}
