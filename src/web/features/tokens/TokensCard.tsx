import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import { roleOf } from '../../../common/permissions.ts';
import { openForm } from '../../components/forms/index.ts';
import { useCreateToken } from './api.ts';
import type { TokenFormBody } from './CreateToken.form.tsx';
import { TokenList } from './TokenList.tsx';
import { showTokenOnce } from './TokenOnce.tsx';

/** The profile's "API tokens": a member's personal access tokens, for scripts and tools. */
export function TokensCard({ user }: { user: CurrentUser }) {
  const create = useCreateToken();

  const onCreate = async () => {
    const created = await openForm(
      () => import('./CreateToken.form.tsx'),
      {
        service: null,
        mayNeverExpire: roleOf(user) === 'admin',
        save: ({ name, scope, expires_in_days }: TokenFormBody) =>
          create.mutateAsync({ name, scope, expires_in_days }),
      },
      { title: 'New API token' },
    );
    if (created) await showTokenOnce(created);
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            API tokens
          </Title>
          <Button size="xs" onClick={() => void onCreate()}>
            New token
          </Button>
        </Group>
        <Text size="sm">
          A token lets a script or another tool use the API as you, never with more rights than
          yours.
        </Text>
        <TokenList kind="personal" label="Your API tokens" empty="No API tokens yet" />
      </Stack>
    </Paper>
  );
}
