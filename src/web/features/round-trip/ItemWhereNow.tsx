import { Badge, Group, Text } from '@mantine/core';
import type { PublicItem } from '../../../common/schemas/item.ts';
import { conditionLabel, whereNow } from './where.ts';

/**
 * Above the item's table: out on a job since when, and a damaged or missing item says so
 * (with the note). The table itself keeps the spec's rows.
 */
export function ItemWhereNow({ item }: { item: PublicItem }) {
  const attention = conditionLabel(item);
  const out = whereNow({ ...item, container_id: null });
  if (!attention && out.length === 0) return null;
  return (
    <Group gap="xs" mb="sm" data-testid="item-where-now">
      {attention && (
        <Badge color="red" variant="light">
          {attention}
        </Badge>
      )}
      {attention && item.condition_note && <Text size="sm">{item.condition_note}</Text>}
      {out.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Group>
  );
}
