import { queryOptions } from '@tanstack/react-query';
import { webhooksApi } from '../../../common/api/webhooks.ts';
import type { BodyOf } from '../../../common/api/contract.ts';
import { callApi } from '../../lib/api.ts';
import { useWrite } from '../../lib/invalidate.ts';
import { endpointQuery } from '../../lib/endpoint-query.ts';

/** Webhook endpoints and their delivery logs, in the profile's Webhooks tab (admins). */
export const webhookQueries = {
  all: () => ['webhooks'] as const,
  list: () => endpointQuery([...webhookQueries.all(), 'list'] as const, webhooksApi.list, {}),
  deliveries: (id: string) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'deliveries', id] as const,
      queryFn: () => callApi(webhooksApi.deliveries, { params: { id } }),
      // A delivery log is watched while it changes: retries land on their own.
      refetchInterval: 5000,
    }),
};

export function useCreateWebhook() {
  return useWrite([webhookQueries.all()], (body: BodyOf<typeof webhooksApi.create>) =>
    callApi(webhooksApi.create, { body }),
  );
}

export function useUpdateWebhook() {
  return useWrite(
    [webhookQueries.all()],
    ({ id, body }: { id: string; body: BodyOf<typeof webhooksApi.update> }) =>
      callApi(webhooksApi.update, { params: { id }, body }),
  );
}

export function useDeleteWebhook() {
  return useWrite([webhookQueries.all()], (id: string) =>
    callApi(webhooksApi.remove, { params: { id } }),
  );
}

export function useResendDelivery() {
  return useWrite([webhookQueries.all()], (ids: { id: string; delivery_id: string }) =>
    callApi(webhooksApi.resend, { params: ids }),
  );
}
