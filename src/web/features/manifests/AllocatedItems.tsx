import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Item } from '../../../common/schemas/item.ts';
import { statusLabel } from '../../../common/status.ts';
import { confirm, guarded } from '../../components/dialogs/index.ts';
import { EntitySection } from '../../components/EntitySection.tsx';
import { PlainList, QueryList } from '../../components/lists/QueryList.tsx';
import { itemTitle } from '../items/preview.ts';
import { packingQueries, useTakeOff } from './api.ts';

/**
 * The items allocated to the manifest, each a link to its page. An item the caller may
 * take off (its answer's abilities: not out on the job) has "Take off", after confirming.
 */
export function AllocatedItems(props: { manifestId: string; manifestName: string }) {
  const { manifestId, manifestName } = props;
  const items = useQuery(packingQueries.manifestItems(manifestId));
  const takeOff = useTakeOff();

  const askTakeOff = async (item: Item) => {
    const yes = await confirm({
      title: 'Take this item off?',
      warning: `${itemTitle(item)} will no longer be on ${manifestName}.`,
      yesLabel: 'Take off',
    });
    if (yes) await guarded(() => takeOff.mutateAsync(item.id));
  };

  const count = items.data?.length ?? 0;
  return (
    <EntitySection
      id="items-heading"
      title="Packed items"
      aside={
        items.data && (
          <Text size="sm" c="gray.7" data-testid="packed-item-count">
            {count === 1 ? '1 item' : `${count} items`}
          </Text>
        )
      }
    >
      <QueryList
        query={items}
        loadingLabel="Loading the packed items"
        empty="No items packed yet"
        compact
      >
        {(rows) => (
          <PlainList label="Packed items">
            {rows.map((item, index) => (
              <Group
                component="li"
                key={item.id}
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                py={6}
                data-testid="packed-item"
                style={
                  index > 0
                    ? { borderTop: '1px solid var(--mantine-color-default-border)' }
                    : undefined
                }
              >
                <div style={{ minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={`/items/${item.id}`}
                    fw={600}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {itemTitle(item)}
                  </Anchor>
                  <Group gap={6}>
                    {item.status && (
                      <Badge variant="light" size="sm">
                        {statusLabel(item.status)}
                      </Badge>
                    )}
                    {item.component_name && (
                      <Text size="sm" c="gray.7">
                        {item.component_name}
                      </Text>
                    )}
                  </Group>
                </div>
                {item.abilities?.take_off && (
                  <Button
                    variant="default"
                    size="sm"
                    style={{ flexShrink: 0 }}
                    aria-label={`Take off ${itemTitle(item)}`}
                    onClick={() => void askTakeOff(item)}
                  >
                    Take off
                  </Button>
                )}
              </Group>
            ))}
          </PlainList>
        )}
      </QueryList>
    </EntitySection>
  );
}
