import { Badge, Text } from '@mantine/core';
import type { Item } from '../../../../common/schemas/item.ts';
import { RecordCard } from '../../../components/lists/RecordCard.tsx';
import { itemTitle, notePreview } from '../preview.ts';
import { conditionLabel, whereNow } from '../../round-trip/where.ts';

/** One row of the inventory: a link to the item with its type, where it is, and its note. */
export function ItemRow({ item }: { item: Item }) {
  const where = [item.client_name, item.location_name].filter(Boolean).join(' · ');
  const now = whereNow(item);
  const attention = conditionLabel(item);
  return (
    <RecordCard
      to={`/items/${item.id}`}
      title={itemTitle(item)}
      status={item.status}
      note={notePreview(item.note)}
      testId="item-row"
    >
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
    </RecordCard>
  );
}
