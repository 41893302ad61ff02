import { Badge, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Item } from '../../../../common/schemas/item.ts';
import { statusLabel } from '../../../../common/status.ts';
import { itemTitle, notePreview } from '../preview.ts';
import { conditionLabel, whereNow } from '../../round-trip/where.ts';

/** One row of the inventory: a link to the item with its type, where it is, and its note. */
export function ItemRow({ item }: { item: Item }) {
  const where = [item.client_name, item.location_name].filter(Boolean).join(' · ');
  const note = notePreview(item.note);
  const now = whereNow(item);
  const attention = conditionLabel(item);
  return (
    <Paper
      component={Link}
      to={`/items/${item.id}`}
      withBorder
      p="sm"
      radius="md"
      style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
      data-testid="item-row"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} truncate>
          {itemTitle(item)}
        </Text>
        {item.status && (
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {statusLabel(item.status)}
          </Badge>
        )}
      </Group>
      {(where || item.component_name) && (
        <Text size="sm" c="gray.7" truncate>
          {[item.component_name, where].filter(Boolean).join(' · ')}
        </Text>
      )}
      {(now.length > 0 || attention) && (
        <Text size="sm" c="gray.7" truncate data-testid="item-where-now">
          {attention && (
            <Badge color="red" variant="light" size="sm" mr={6}>
              {attention}
            </Badge>
          )}
          {now.join(' · ')}
        </Text>
      )}
      {note && (
        <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {note}
        </Text>
      )}
    </Paper>
  );
}
