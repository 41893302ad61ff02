import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { formatLabelCode } from '../../../common/label-code.ts';
import { guarded } from '../../components/dialogs/messages.tsx';
import { useCreateItem } from '../items/api.ts';
import { useAttachLabel } from '../labels/api.ts';
import { attachLabelCode } from '../labels/attach.ts';
import { ItemPicker } from './ItemPicker.tsx';

/**
 * What staff get for a label that is on no item (spec "Scan"): create item (a new item
 * with this label, then open it) or select item (attach it to an existing one, then open
 * that). Only shown to users who may write the inventory.
 */
export function UnassignedLabel({ code }: { code: string }) {
  const navigate = useNavigate();
  const createItem = useCreateItem();
  const attachLabel = useAttachLabel();
  const [picking, setPicking] = useState(false);
  const busy = createItem.isPending || attachLabel.isPending;

  const attachAndOpen = async (itemId: string) => {
    const outcome = await attachLabelCode(attachLabel.mutateAsync, itemId, code);
    if (outcome !== 'cancelled')
      await navigate(`/items/${encodeURIComponent(itemId)}`, { replace: true });
  };

  const create = () =>
    guarded(async () => {
      const item = await createItem.mutateAsync({});
      await attachAndOpen(item.id);
    });

  return (
    <Stack gap="md" maw={520}>
      <Title order={1}>Label {formatLabelCode(code)}</Title>
      <Text>This label is not on any item yet.</Text>
      <Group>
        <Button
          onClick={() => void create()}
          loading={createItem.isPending}
          disabled={busy && !createItem.isPending}
        >
          Create item
        </Button>
        <Button
          variant="default"
          onClick={() => setPicking((p) => !p)}
          aria-expanded={picking}
          disabled={busy}
        >
          Select item
        </Button>
      </Group>
      {picking && (
        <Paper withBorder p="md" component="section" aria-label="Select item">
          <ItemPicker onPick={attachAndOpen} busy={attachLabel.isPending} />
        </Paper>
      )}
    </Stack>
  );
}
