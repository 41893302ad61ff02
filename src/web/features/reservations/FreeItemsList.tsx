import { Alert, Badge, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AVAILABILITY_ITEMS_MAX } from '../../../common/schemas/reservation.ts';
import { formatWindow } from '../../../common/reservations.ts';
import type { Status } from '../../../common/status.ts';
import { PlainList } from '../../components/lists/QueryList.tsx';
import { RecordCard } from '../../components/lists/RecordCard.tsx';
import { reservationQueries } from './api.ts';
import { FreeCounts } from './FreeCounts.tsx';
import type { FreeWindow } from './free-window.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';

/**
 * The home list while "Free from … to …" is on: the items matching the search and the type
 * filter that no job holds for those days, containers first, as the server counts them (at
 * most AVAILABILITY_ITEMS_MAX): "crate free 3–9 Jun" (docs/decisions.md, "Reservations on
 * screen").
 */
export function FreeItemsList({
  window,
  q,
  status,
}: {
  window: FreeWindow;
  q: string;
  status: Status | null;
}) {
  const free = useQuery({
    ...reservationQueries.freeItems({ ...window, q, status: status ? [status] : [], free: true }),
    placeholderData: keepPreviousData,
  });
  if (free.isError) {
    return (
      <Alert color="red" title="The free items could not be loaded">
        {free.error.message}
      </Alert>
    );
  }
  if (free.isPending) {
    return <CenteredLoader label="Loading the free items" />;
  }
  if (!q.trim() && !status) {
    // The server lists items for a search or a type; without either, what is free per
    // component type.
    return (
      <>
        <Text size="sm" c="gray.7" aria-live="polite" data-testid="item-count">
          Free {formatWindow(window)}: search, or pick a type in Filter, to list the items.
        </Text>
        <FreeCounts components={free.data.components} />
      </>
    );
  }
  const items = free.data.items;
  const count = items.length;
  return (
    <>
      <Text size="sm" c="gray.7" aria-live="polite" data-testid="item-count">
        {count >= AVAILABILITY_ITEMS_MAX
          ? `${count}+ items free ${formatWindow(window)}: refine the search to see the rest`
          : `${count === 1 ? '1 item' : `${count} items`} free ${formatWindow(window)}`}
      </Text>
      <PlainList gap="xs">
        {items.map((item) => (
          <li key={item.id}>
            <RecordCard
              to={`/items/${item.id}`}
              title={item.name?.trim() || 'Item'}
              status={null}
              testId="item-row"
            >
              <Text size="sm" c="gray.7" truncate>
                {[
                  item.component_name,
                  item.contents_count > 0 ? `with ${item.contents_count} inside` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
                {item.condition === 'damaged' && (
                  <Badge color="orange" variant="light" size="sm" ml={6}>
                    Damaged
                  </Badge>
                )}
                {item.at_risk && (
                  <Badge color="red" variant="light" size="sm" ml={6}>
                    At risk
                  </Badge>
                )}
              </Text>
            </RecordCard>
          </li>
        ))}
      </PlainList>
    </>
  );
}
