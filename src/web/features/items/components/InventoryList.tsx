import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Center, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Item } from '../../../../common/schemas/item.ts';
import type { Status } from '../../../../common/status.ts';
import { PlainList } from '../../../components/lists/QueryList.tsx';
import { SearchField } from '../../../components/lists/RecordCard.tsx';
import { useNearEnd } from '../../../components/useNearEnd.ts';
import { ToggleFilter } from '../../../components/ToggleFilter.tsx';
import { itemQueries } from '../api.ts';
import { ItemRow } from './ItemRow.tsx';
import { StatusFilter } from './StatusFilter.tsx';
import { useCan } from '../../auth/api.ts';
import { FreeFilter } from '../../reservations/FreeFilter.tsx';
import { FreeItemsList } from '../../reservations/FreeItemsList.tsx';
import type { FreeWindow } from '../../reservations/free-window.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';

const DueList = lazy(() =>
  import('../../inspections/DueList.tsx').then((m) => ({ default: m.DueList })),
);
/** Typing settles for this long before the server is asked. */
const SEARCH_DEBOUNCE_MS = 250;
/** Rows load ahead of the reader by this much, so scrolling rarely waits. */
const LOAD_AHEAD_PX = 600;

/**
 * The inventory: a search box that searches on the server as you type, optional
 * "Needs attention" and type filters, and the matching items, 50 at a time (more load as the reader nears the end,
 * or with "Load more"), so 100,000 items never all reach the page.
 */
export function InventoryList({
  withFilter,
  selection,
  actions,
}: {
  withFilter: boolean;
  /** Checkboxes on the rows (choosing items to print labels for). */
  selection?: { has: (id: string) => boolean; toggle: (item: Item) => void };
  /** Shown beside the count, given the search and filters on screen (export them). */
  actions?: (filters: { q: string; status: Status[] }) => ReactNode;
}) {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<Status | null>(null);
  const [attention, setAttention] = useState(false);
  const [inspectionDue, setInspectionDue] = useState(false);
  const canPlan = useCan('inspections:plan');
  // "Free from … to …" (issue 21): the items no job holds for those days.
  const [free, setFree] = useState<FreeWindow | null>(null);
  const [debouncedQ] = useDebouncedValue(q, SEARCH_DEBOUNCE_MS);
  const list = useInfiniteQuery({
    ...itemQueries.search({ q: debouncedQ, status: status ? [status] : [], attention }),
    enabled: free === null && !inspectionDue,
    // The old rows stay while the next search runs, so the list does not flash empty.
    placeholderData: keepPreviousData,
  });
  const more = list.hasNextPage && !list.isFetchingNextPage;
  const sentinel = useNearEnd<HTMLDivElement>({
    onNear: () => void list.fetchNextPage(),
    enabled: more && !list.isPlaceholderData,
    distance: LOAD_AHEAD_PX,
  });

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const capped = list.data?.pages[0]?.total_capped ?? false;
  const searching = list.isFetching && !list.isFetchingNextPage;

  return (
    <Stack gap="sm">
      {/* The filters wrap under the search on a phone rather than squeeze it. */}
      <Group gap="xs" wrap="wrap" align="flex-end">
        <SearchField
          style={{ flex: 1, minWidth: '12rem' }}
          placeholder="Name, type, client, location, note…"
          value={q}
          onChange={setQ}
          rightSection={searching ? <Loader size="xs" aria-label="Searching" /> : undefined}
        />
        {/* Only damaged and missing items (with the search and the type, when set). */}
        {withFilter && (
          <ToggleFilter value={attention} onChange={setAttention}>
            Needs attention
          </ToggleFilter>
        )}
        {/* What is overdue or due today; the due list's code loads only when it is on. */}
        {withFilter && canPlan && (
          <ToggleFilter value={inspectionDue} onChange={setInspectionDue}>
            Inspection due
          </ToggleFilter>
        )}
        {withFilter && <StatusFilter value={status} onChange={setStatus} />}
        {withFilter && <FreeFilter value={free} onChange={setFree} />}
      </Group>
      {inspectionDue ? (
        // What is overdue or due today (docs/decisions.md, "Inspections that come due").
        <Suspense fallback={<Loader aria-label="Loading the inspections due" />}>
          <DueList days={0} />
        </Suspense>
      ) : free ? (
        <FreeItemsList window={free} q={debouncedQ} status={status} />
      ) : list.isError ? (
        <Alert color="red" title="The inventory could not be loaded">
          {list.error.message}
        </Alert>
      ) : list.isPending ? (
        <CenteredLoader label="Loading the inventory" />
      ) : (
        <>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="gray.7" aria-live="polite" data-testid="item-count">
              {capped
                ? `${total.toLocaleString()}+ items: refine the search to see the rest`
                : total === 1
                  ? '1 item'
                  : `${total.toLocaleString()} items`}
            </Text>
            {actions?.({ q: debouncedQ, status: status ? [status] : [] })}
          </Group>
          <PlainList gap="xs">
            {items.map((item) => (
              <li key={item.id}>
                {selection ? (
                  <Group gap="xs" wrap="nowrap">
                    <Checkbox
                      aria-label={`Select ${item.name?.trim() || 'item'}`}
                      checked={selection.has(item.id)}
                      onChange={() => selection.toggle(item)}
                    />
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <ItemRow item={item} />
                    </div>
                  </Group>
                ) : (
                  <ItemRow item={item} />
                )}
              </li>
            ))}
          </PlainList>
          <div ref={sentinel} />
          {list.hasNextPage && (
            <Center>
              <Button
                variant="default"
                onClick={() => void list.fetchNextPage()}
                loading={list.isFetchingNextPage}
              >
                Load more
              </Button>
            </Center>
          )}
        </>
      )}
    </Stack>
  );
}
