import { Badge, Button, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { WebhookDelivery } from '../../../common/schemas/webhook.ts';
import { notify } from '../../components/dialogs/index.ts';
import { runListAction } from '../../components/lists/list-action.ts';
import { QueryList } from '../../components/lists/QueryList.tsx';
import { useResendDelivery, webhookQueries } from './api.ts';
import { TableHeader } from '../../components/lists/TableHeader.tsx';

const STATUS_COLOR: Record<WebhookDelivery['status'], string> = {
  delivered: 'teal.9',
  pending: 'orange.9',
  failed: 'red.9',
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** One endpoint's deliveries, newest first: status, the receiver's answer, time, resend. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const deliveries = useQuery(webhookQueries.deliveries(endpointId));
  const resend = useResendDelivery();
  const onResend = (delivery: WebhookDelivery) =>
    runListAction('Not resent', async () => {
      await resend.mutateAsync({ id: endpointId, delivery_id: delivery.id });
      notify(`${delivery.event_type} will be sent again.`);
    });

  return (
    <QueryList query={deliveries} empty="Nothing sent yet" loadingLabel="Loading the deliveries">
      {(rows) => (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Deliveries" striped>
            <TableHeader columns={['Event', 'Status', 'Answer', 'Last try', '']} />
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Text size="sm">{d.event_type}</Text>
                    <Text size="xs" c="gray.7" ff="monospace">
                      {d.event_id}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="outline" size="sm" color={STATUS_COLOR[d.status]}>
                      {d.status}
                    </Badge>
                    <Text size="xs" c="gray.7">
                      {d.attempts} {d.attempts === 1 ? 'try' : 'tries'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{d.response_status ?? '—'}</Text>
                    {d.error && (
                      <Text size="xs" c="red.9">
                        {d.error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{when(d.last_attempt_at)}</Text>
                    {d.next_attempt_at && (
                      <Text size="xs" c="gray.7">
                        next {when(d.next_attempt_at)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Resend ${d.event_type} ${d.event_id}`}
                      onClick={() => void onResend(d)}
                    >
                      Resend
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryList>
  );
}
