import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { STAGE_LABELS, today as todayUtc } from '../../../common/job-stages.ts';
import { formatWindow } from '../../../common/reservations.ts';
import type { Booking } from '../../../common/schemas/reservation.ts';
import { EntitySection } from '../../components/EntitySection.tsx';
import { PlainList } from '../../components/lists/QueryList.tsx';
import { reservationQueries } from './api.ts';
import { nextText, splitBookings, type BookingWhen } from './bookings.ts';

const GROUPS: Array<{ when: BookingWhen; title: string }> = [
  { when: 'current', title: 'Now' },
  { when: 'future', title: 'Coming up' },
  { when: 'past', title: 'Past' },
];

function BookingRow({ booking }: { booking: Booking }) {
  return (
    <li data-testid="booking" data-job={booking.name}>
      <Group gap="xs" wrap="wrap">
        <Anchor component={Link} to={`/manifests/${booking.manifest_id}`} size="sm">
          {booking.name}
        </Anchor>
        <Text size="sm" c="gray.8">
          {booking.from && booking.to
            ? formatWindow({ from: booking.from, to: booking.to })
            : 'No dates'}
        </Text>
        <Badge size="sm" variant="outline" color="dark">
          {STAGE_LABELS[booking.stage]}
        </Badge>
        {booking.overdue && (
          <Badge size="sm" color="red.9">
            Overdue
          </Badge>
        )}
      </Group>
    </li>
  );
}

/**
 * The item's jobs: the next one first and prominent, then now, coming up and past, each
 * with its window and stage. Read-only; client users see their own client's jobs (the
 * server limits them).
 */
export function ItemBookings({ itemId }: { itemId: string }) {
  const bookings = useQuery(reservationQueries.bookings(itemId));
  if (!bookings.data || bookings.data.bookings.length === 0) {
    // Nothing booked yet says so once loaded; while loading the section stays out of the way.
    return bookings.data ? (
      <EntitySection id="bookings-heading" title="Bookings">
        <Text size="sm" c="gray.7">
          No jobs yet.
        </Text>
      </EntitySection>
    ) : null;
  }
  const { next } = bookings.data;
  const split = splitBookings(bookings.data.bookings, todayUtc());
  return (
    <EntitySection id="bookings-heading" title="Bookings">
      <Stack gap="xs">
        {next && (
          <Text fw={700} size="lg" data-testid="next-booking">
            {nextText(next)}
          </Text>
        )}
        {GROUPS.filter((g) => split[g.when].length > 0).map((g) => (
          <div key={g.when}>
            <Text size="sm" fw={600} c="gray.8">
              {g.title}
            </Text>
            <PlainList gap={2} label={`${g.title} bookings`}>
              {split[g.when].map((b) => (
                <BookingRow key={`${b.manifest_id}-${b.kind}`} booking={b} />
              ))}
            </PlainList>
          </div>
        ))}
      </Stack>
    </EntitySection>
  );
}
