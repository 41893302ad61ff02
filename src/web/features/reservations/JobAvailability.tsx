import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Manifest } from '../../../common/schemas/manifest.ts';
import { formatWindow } from '../../../common/reservations.ts';
import { EntitySection } from '../../components/EntitySection.tsx';
import { PlainList } from '../../components/lists/QueryList.tsx';
import { reservationQueries, useReserve, useUnreserve } from './api.ts';
import { BlockerLinks } from './BlockerLinks.tsx';
import { explained } from '../../components/dialogs/index.ts';
import { overbookable } from './OverrideDialog.tsx';
import { ReservedItems } from './ReservedItems.tsx';
import { ReservePicker } from './ReservePicker.tsx';
import { requirementLine } from './requirement-line.ts';

const RED = 'red.9';

/**
 * What the job needs against what is free for its window: each requirement as "5 required
 * · 3 available · short 2" with the jobs in the way, the items it holds by name, and
 * Reserve / Unreserve. Anything short (an override too) is red. A planning job is a draft:
 * it shows what it would conflict with and holds nothing.
 */
export function JobAvailability({ manifest }: { manifest: Manifest }) {
  const availability = useQuery(reservationQueries.manifestAvailability(manifest.id));
  const reserve = useReserve(manifest.id);
  const unreserve = useUnreserve(manifest.id);
  const [picking, setPicking] = useState(false);
  const { abilities } = manifest;
  const data = availability.data;
  const hasDates = !!manifest.out_date && !!manifest.due_date;

  const header =
    data?.from && data.to ? (
      <Text size="sm" fw={600} c={data.short ? RED : undefined} data-testid="job-window">
        {data.short ? 'Short for ' : 'For '}
        {formatWindow({ from: data.from, to: data.to })}
      </Text>
    ) : null;

  return (
    <EntitySection
      id="availability-heading"
      title="Availability"
      p={{ base: 'xs', sm: 'sm' }}
      aside={header}
    >
      <Stack gap="xs">
        {manifest.stage === 'planning' && (
          <Text size="sm" c="gray.7">
            {hasDates
              ? 'A draft: it shows what it would conflict with, but holds nothing until it is reserved.'
              : 'Give the job its out and due dates to see what is free and to reserve it.'}
          </Text>
        )}
        {availability.isError && (
          <Text size="sm" c={RED}>
            {availability.error.message}
          </Text>
        )}
        {data && data.requirements.length > 0 && (
          <PlainList gap={6} label="Requirements for the window">
            {data.requirements.map((r) => (
              <li
                key={r.component_id}
                data-testid="requirement-availability"
                data-component={r.component_name}
                data-short={r.short > 0 || undefined}
              >
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {r.component_name}
                  </Text>
                  <Text
                    size="sm"
                    c={r.short > 0 ? RED : undefined}
                    fw={r.short > 0 ? 600 : undefined}
                    data-testid="requirement-line"
                  >
                    {requirementLine(r)}
                  </Text>
                  {r.at_risk && (
                    <Badge size="sm" variant="outline" color={RED}>
                      At risk
                    </Badge>
                  )}
                </Group>
                <BlockerLinks blocking={r.blocking} />
              </li>
            ))}
          </PlainList>
        )}
        {data && <ReservedItems manifest={manifest} reservations={data.reservations} />}
        <Group gap="xs">
          {abilities.reserve && (
            <Button
              disabled={!hasDates}
              onClick={() =>
                void explained('Not reserved', () =>
                  overbookable((override) => reserve.mutateAsync(override)),
                )
              }
              loading={reserve.isPending}
            >
              Reserve
            </Button>
          )}
          {abilities.unreserve && (
            <Button
              variant="default"
              onClick={() => void explained('Not unreserved', () => unreserve.mutateAsync())}
              loading={unreserve.isPending}
            >
              Unreserve
            </Button>
          )}
          {abilities.reserve_items && hasDates && (
            <Button
              variant={picking ? 'filled' : 'default'}
              aria-expanded={picking}
              onClick={() => setPicking((p) => !p)}
            >
              Reserve items
            </Button>
          )}
        </Group>
        {picking && data?.from && data.to && (
          <ReservePicker
            manifest={manifest}
            window={{ from: data.from, to: data.to }}
            taken={data.reservations.map((r) => r.item_id)}
          />
        )}
      </Stack>
    </EntitySection>
  );
}
