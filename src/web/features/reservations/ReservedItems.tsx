import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { Manifest } from '../../../common/schemas/manifest.ts';
import type { manifestAvailabilitySchema } from '../../../common/schemas/reservation.ts';
import { PlainList } from '../../components/lists/QueryList.tsx';
import { useRemoveReservation } from './api.ts';
import { BlockerLinks } from './BlockerLinks.tsx';
import { explained } from '../../components/dialogs/index.ts';

type ReservationState = z.infer<typeof manifestAvailabilitySchema>['reservations'][number];

const RED = 'red.9';

/**
 * The items the job holds by name: ticked when packed, red when another job holds them
 * for an overlapping window (named, with a link). An item a container brought along says
 * so and goes with it: only the container is let go.
 */
export function ReservedItems({
  manifest,
  reservations,
}: {
  manifest: Manifest;
  reservations: ReservationState[];
}) {
  const remove = useRemoveReservation(manifest.id);
  if (reservations.length === 0) return null;
  const nameOf = (id: string | null) =>
    reservations.find((r) => r.item_id === id)?.item_name?.trim() || 'its container';
  const canChange = manifest.abilities.reserve_items;
  return (
    <div>
      <Text size="sm" fw={600} mb={4}>
        Reserved by name
      </Text>
      <PlainList gap={4} label="Reserved by name">
        {reservations.map((r) => {
          const name = r.item_name?.trim() || 'Item';
          const held = !r.available;
          return (
            <li
              key={r.item_id}
              data-testid="reserved-item"
              data-item={name}
              data-short={held || undefined}
            >
              <Group gap="xs" wrap="wrap">
                <Anchor
                  component={Link}
                  to={`/items/${r.item_id}`}
                  size="sm"
                  c={held ? RED : undefined}
                  fw={held ? 600 : undefined}
                >
                  {name}
                </Anchor>
                {r.component_name && (
                  <Text size="sm" c="gray.7">
                    {r.component_name}
                  </Text>
                )}
                {r.via_item_id && (
                  <Text size="sm" c="gray.7">
                    in {nameOf(r.via_item_id)}
                  </Text>
                )}
                {r.packed && (
                  <Badge size="sm" color="teal.9">
                    Packed
                  </Badge>
                )}
                {held && (
                  <Badge size="sm" color={RED}>
                    Held elsewhere
                  </Badge>
                )}
                {r.at_risk && (
                  <Badge size="sm" variant="outline" color={RED}>
                    At risk
                  </Badge>
                )}
                {r.condition === 'damaged' && (
                  <Badge size="sm" variant="outline" color="orange.9">
                    Damaged
                  </Badge>
                )}
                {canChange && !r.via_item_id && !r.packed && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="dark"
                    aria-label={`Let go of ${name}`}
                    onClick={() =>
                      void explained('Not let go', () => remove.mutateAsync(r.item_id))
                    }
                  >
                    Let go
                  </Button>
                )}
              </Group>
              <BlockerLinks blocking={r.blocking} />
            </li>
          );
        })}
      </PlainList>
    </div>
  );
}
