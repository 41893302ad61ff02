import { Button, Group, Paper, Text } from '@mantine/core';
import { guarded } from '../../components/dialogs/index.ts';
import { printLabels } from '../printing/print-labels.ts';

/** While choosing items on home: how many are chosen, print their labels, or stop. */
export function SelectionBar({
  ids,
  onClear,
  onDone,
}: {
  ids: string[];
  onClear: () => void;
  onDone: () => void;
}) {
  const n = ids.length;
  return (
    <Paper
      withBorder
      p="xs"
      mb="sm"
      style={{ position: 'sticky', top: 'var(--app-shell-header-height)', zIndex: 2 }}
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm" aria-live="polite" data-testid="selected-count">
          {n === 0
            ? 'Tick the items to print labels for'
            : `${n} ${n === 1 ? 'item' : 'items'} chosen`}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            disabled={n === 0}
            onClick={() =>
              void guarded(() =>
                printLabels(
                  { item_ids: ids },
                  `Labels for ${n} chosen ${n === 1 ? 'item' : 'items'}.`,
                ),
              )
            }
          >
            Print labels
          </Button>
          {n > 0 && (
            <Button size="xs" variant="default" onClick={onClear}>
              Clear
            </Button>
          )}
          <Button size="xs" variant="subtle" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
