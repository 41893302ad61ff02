import { Button, Group, Text } from '@mantine/core';
import type { ComponentAvailability } from '../../../common/schemas/reservation.ts';

/**
 * What is free per component type for the window ("Stage deck 3 of 8 free"), shown until a
 * search or a type narrows the list to items; choosing one lists its items.
 */
export function FreeCounts({
  components,
  onChoose,
}: {
  components: ComponentAvailability[];
  onChoose?: (componentId: string) => void;
}) {
  const shown = components.filter((c) => c.total > 0);
  if (shown.length === 0) return null;
  return (
    <Group gap={6} data-testid="free-counts">
      {shown.map((c) => {
        const text = `${c.name} ${Math.max(0, c.available)} of ${c.total} free`;
        return onChoose ? (
          <Button
            key={c.component_id}
            size="compact-sm"
            variant="default"
            c={c.available <= 0 ? 'red.9' : undefined}
            onClick={() => onChoose(c.component_id)}
          >
            {text}
          </Button>
        ) : (
          <Text key={c.component_id} size="sm" c={c.available <= 0 ? 'red.9' : 'gray.8'}>
            {text}
          </Text>
        );
      })}
    </Group>
  );
}
