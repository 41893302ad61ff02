import { Anchor, Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Webhook } from '../../../common/schemas/webhook.ts';
import { alert, confirm } from '../../components/dialogs/index.ts';
import { openForm } from '../../components/forms/index.ts';
import { runListAction } from '../../components/lists/list-action.ts';
import { QueryList } from '../../components/lists/QueryList.tsx';
import { RowMenu } from '../../components/lists/RowMenu.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { useCreateWebhook, useDeleteWebhook, useUpdateWebhook, webhookQueries } from './api.ts';

/**
 * The profile's Webhooks tab (admins): endpoints with their event types and state, each
 * with its delivery log; add, switch on or off, delete.
 */
export function WebhooksPanel() {
  const webhooks = useQuery(webhookQueries.list());
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [open, setOpen] = useState<string | null>(null);

  const onAdd = async () => {
    const created = await openForm(
      () => import('./AddWebhook.form.tsx'),
      { save: (body) => create.mutateAsync(body) },
      { title: 'Add a webhook endpoint' },
    );
    if (!created) return;
    // The only time it is shown: the server keeps no way to show it again.
    await alert(
      <Stack gap="xs">
        <Text size="sm">
          Copy the signing secret now: it is not shown again. The receiver verifies each
          request&apos;s webhook-signature with it.
        </Text>
        <Code block>{created.secret}</Code>
      </Stack>,
      { title: 'Endpoint added' },
    );
  };

  const onToggle = (webhook: Webhook) =>
    runListAction('Not changed', () =>
      update.mutateAsync({ id: webhook.id, body: { enabled: !webhook.enabled } }),
    );

  const onDelete = async (webhook: Webhook) => {
    if (
      await confirm({
        warning: `You are about to delete the endpoint ${webhook.url} and its delivery log.`,
        yesLabel: 'Delete',
      })
    ) {
      await runListAction('Endpoint not deleted', () => remove.mutateAsync(webhook.id));
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="gray.7">
          Events are signed the Standard Webhooks way and retried for a day.
        </Text>
        <Button onClick={() => void onAdd()}>Add an endpoint</Button>
      </Group>
      <QueryList query={webhooks} empty="No webhook endpoints yet">
        {(rows) => (
          <Stack component="ul" aria-label="Webhook endpoints" p={0} m={0} gap="sm">
            {rows.map((webhook) => (
              <Paper
                component="li"
                withBorder
                p="sm"
                key={webhook.id}
                style={{ listStyle: 'none' }}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={4} miw={0}>
                    <Text size="sm" fw={600} truncate="end">
                      {webhook.url}
                    </Text>
                    <Group gap={6}>
                      <Badge
                        variant="outline"
                        size="sm"
                        color={
                          webhook.enabled
                            ? webhook.failing_since
                              ? 'orange.9'
                              : 'teal.9'
                            : 'red.9'
                        }
                      >
                        {webhook.enabled ? (webhook.failing_since ? 'Failing' : 'On') : 'Off'}
                      </Badge>
                      <Text size="xs" c="gray.7">
                        {webhook.events.includes('*') ? 'All events' : webhook.events.join(', ')}
                      </Text>
                    </Group>
                    {webhook.disabled_reason && (
                      <Text size="xs" c="red.9">
                        {webhook.disabled_reason}
                      </Text>
                    )}
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => setOpen(open === webhook.id ? null : webhook.id)}
                      aria-expanded={open === webhook.id}
                    >
                      {open === webhook.id ? 'Hide deliveries' : 'Deliveries'}
                    </Anchor>
                  </Stack>
                  <RowMenu
                    name={webhook.url}
                    editLabel={webhook.enabled ? 'Switch off' : 'Switch on'}
                    onEdit={() => void onToggle(webhook)}
                    onDelete={() => void onDelete(webhook)}
                  />
                </Group>
                {open === webhook.id && <DeliveryLog endpointId={webhook.id} />}
              </Paper>
            ))}
          </Stack>
        )}
      </QueryList>
    </Stack>
  );
}
