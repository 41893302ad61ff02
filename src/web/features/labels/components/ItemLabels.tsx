import { ActionIcon, Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatLabelCode } from '../../../../common/label-code.ts';
import { confirm, guarded } from '../../../components/dialogs/index.ts';
import { labelQueries, useAttachLabel, useFreeLabel } from '../api.ts';
import { askAndAttachLabel } from '../attach.ts';

/**
 * The item's labels as XXXX-XXXX-XXXX, or "No Labels". Editors get a plus button to add
 * one and an x beside each to free it.
 */
export function ItemLabels({ itemId, canEdit }: { itemId: string; canEdit: boolean }) {
  const labels = useQuery(labelQueries.forItem(itemId));
  const attach = useAttachLabel();
  const free = useFreeLabel();

  const freeLabel = async (code: string) => {
    const yes = await confirm({
      warning: 'You can reassign this label later if you really need to.',
      yesLabel: 'Free label',
    });
    if (yes) await guarded(() => free.mutateAsync(code));
  };

  return (
    <Paper component="section" aria-labelledby="labels-heading" withBorder p="sm" mt="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="labels-heading">
          Labels
        </Title>
        {canEdit && (
          <ActionIcon
            variant="light"
            size="lg"
            aria-label="Add a label"
            onClick={() => void askAndAttachLabel(itemId, attach.mutateAsync)}
          >
            <span aria-hidden="true">+</span>
          </ActionIcon>
        )}
      </Group>
      {labels.isPending ? (
        <Loader size="sm" aria-label="Loading labels" />
      ) : labels.isError ? (
        <Alert color="red">{labels.error.message}</Alert>
      ) : labels.data.length === 0 ? (
        <Text c="gray.7">No Labels</Text>
      ) : (
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
          {labels.data.map((label) => {
            const code = formatLabelCode(label.id);
            return (
              <Group component="li" key={label.id} gap="xs" wrap="nowrap">
                <Text ff="monospace" data-testid="label-code">
                  {code}
                </Text>
                {canEdit && (
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={`Free label ${code}`}
                    onClick={() => void freeLabel(label.id)}
                  >
                    <span aria-hidden="true">×</span>
                  </ActionIcon>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
