import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Manifest } from '../../../common/schemas/manifest.ts';
import { formatWindow } from '../../../common/reservations.ts';
import { explained, notify } from '../../components/dialogs/index.ts';
import { PlainList } from '../../components/lists/QueryList.tsx';
import { SearchField } from '../../components/lists/RecordCard.tsx';
import { ComponentTypeSelect } from '../component-types/ComponentTypeSelect.tsx';
import { reservationQueries, useAddReservation } from './api.ts';
import { FreeCounts } from './FreeCounts.tsx';
import { FreeFilter } from './FreeFilter.tsx';
import type { FreeWindow } from './free-window.ts';
import { overbookable } from './OverrideDialog.tsx';

const SEARCH_DEBOUNCE_MS = 250;

/**
 * "Reserve items": the items free for the job's window (or other days, with the Free
 * filter), searched and filtered by component type, containers first (a container brings
 * its contents). Items the job holds already are left out. Reserving one that another
 * job took meanwhile is refused with that job named, and can be overridden with a note.
 */
export function ReservePicker({
  manifest,
  window: jobWindow,
  taken,
}: {
  manifest: Manifest;
  window: FreeWindow;
  taken: string[];
}) {
  const [q, setQ] = useState('');
  const [debouncedQ] = useDebouncedValue(q, SEARCH_DEBOUNCE_MS);
  const [componentId, setComponentId] = useState<string | null>(null);
  const [days, setDays] = useState<FreeWindow | null>(null);
  const window = days ?? jobWindow;
  const items = useQuery({
    ...reservationQueries.freeItems({
      ...window,
      q: debouncedQ,
      component_id: componentId ?? undefined,
      exclude_manifest: manifest.id,
      free: true,
    }),
    placeholderData: keepPreviousData,
  });
  const add = useAddReservation(manifest.id);
  const held = new Set(taken);
  const shown = (items.data?.items ?? []).filter((i) => !held.has(i.id));

  const reserveItem = async (id: string, name: string) => {
    const done = await explained('Not reserved', () =>
      overbookable((override) => add.mutateAsync({ item_id: id, ...override })),
    );
    if (done) notify(`${name} is reserved for ${manifest.name}.`);
  };

  return (
    <Paper
      withBorder
      p="xs"
      component="section"
      aria-label="Reserve items"
      data-testid="reserve-picker"
    >
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <SearchField
            style={{ flex: 1, minWidth: 160 }}
            placeholder="Name, type, client, location, note…"
            value={q}
            onChange={setQ}
            rightSection={
              items.isFetching ? <Loader size="xs" aria-label="Searching" /> : undefined
            }
          />
          <ComponentTypeSelect
            placeholder="All types"
            value={componentId}
            onChange={setComponentId}
            clearable
            w={180}
          />
          <FreeFilter value={days ?? jobWindow} onChange={setDays} />
        </Group>
        <Text size="sm" c="gray.7" aria-live="polite">
          Free {formatWindow(window)}
          {days ? ` (the job’s window is ${formatWindow(jobWindow)})` : ''}
        </Text>
        {items.isError ? (
          <Alert color="red">{items.error.message}</Alert>
        ) : items.isPending ? (
          <Center py="sm">
            <Loader aria-label="Loading free items" />
          </Center>
        ) : !debouncedQ.trim() && !componentId ? (
          // The server lists items for a search or a type; until then, the counts per type.
          <>
            <Text size="sm" c="gray.7">
              Search, or choose a type, to list the free items.
            </Text>
            <FreeCounts components={items.data.components} onChoose={setComponentId} />
          </>
        ) : shown.length === 0 ? (
          <Text size="sm" c="gray.7">
            Nothing free matches.
          </Text>
        ) : (
          <PlainList gap={4} label="Free items">
            {shown.map((item) => {
              const name = item.name?.trim() || 'Item';
              return (
                <li key={item.id} data-testid="free-item" data-item={name}>
                  <Group gap="xs" justify="space-between" wrap="nowrap">
                    <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                      <Anchor component={Link} to={`/items/${item.id}`} size="sm" fw={600}>
                        {name}
                      </Anchor>
                      {item.component_name && (
                        <Text size="sm" c="gray.7">
                          {item.component_name}
                        </Text>
                      )}
                      {item.contents_count > 0 && (
                        <Text size="sm" c="gray.7">
                          with {item.contents_count} inside
                        </Text>
                      )}
                      {item.condition === 'damaged' && (
                        <Badge size="sm" variant="outline" color="orange.9">
                          Damaged
                        </Badge>
                      )}
                      {item.at_risk && (
                        <Badge size="sm" variant="outline" color="red.9">
                          At risk
                        </Badge>
                      )}
                    </Group>
                    <Button
                      size="compact-sm"
                      aria-label={`Reserve ${name}`}
                      onClick={() => void reserveItem(item.id, name)}
                    >
                      Reserve
                    </Button>
                  </Group>
                </li>
              );
            })}
          </PlainList>
        )}
      </Stack>
    </Paper>
  );
}
