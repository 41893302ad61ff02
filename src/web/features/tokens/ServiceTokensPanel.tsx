import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { openForm } from '../../components/forms/index.ts';
import { clientEntity } from '../clients/api.ts';
import { useCreateServiceToken } from './api.ts';
import type { TokenFormBody } from './CreateToken.form.tsx';
import { TokenList } from './TokenList.tsx';
import { showTokenOnce } from './TokenOnce.tsx';

/** The admins' "Service tokens" tab: tokens for integrations, belonging to no one. */
export function ServiceTokensPanel() {
  const clients = useQuery(clientEntity.queries.list());
  const create = useCreateServiceToken();

  const onCreate = async () => {
    const created = await openForm(
      () => import('./CreateToken.form.tsx'),
      {
        service: { clients: (clients.data ?? []).map((c) => ({ value: c.id, label: c.name })) },
        mayNeverExpire: true,
        save: (body: TokenFormBody) => create.mutateAsync({ ...body, role: body.role ?? 'staff' }),
      },
      { title: 'New service token' },
    );
    if (created) await showTokenOnce(created);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm">Integrations use these; they stay when members come and go.</Text>
        <Button onClick={() => void onCreate()}>New service token</Button>
      </Group>
      <TokenList kind="service" label="Service tokens" empty="No service tokens yet" />
    </Stack>
  );
}
