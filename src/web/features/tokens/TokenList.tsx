import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ApiToken } from '../../../common/schemas/api-token.ts';
import { confirm } from '../../components/dialogs/index.ts';
import { BorderedList } from '../../components/lists/BorderedList.tsx';
import { QueryList } from '../../components/lists/QueryList.tsx';
import { runListAction } from '../../components/lists/list-action.ts';
import { tokenQueries, useRevokeToken, type TokenKind } from './api.ts';
import { SCOPE_LABELS } from './CreateToken.form.tsx';

const day = (iso: string) => new Date(iso).toLocaleDateString();
const moment = (iso: string) => new Date(iso).toLocaleString();

/** Tokens with what each may do, when it was made and last used (and from where), and Revoke. */
export function TokenList(props: { kind: TokenKind; label: string; empty: string }) {
  const query = useQuery(tokenQueries.list(props.kind));
  const revoke = useRevokeToken(props.kind);
  const onRevoke = async (token: ApiToken) => {
    const go = await confirm({
      warning: `You are about to revoke “${token.name}”. Whatever uses it stops working at once.`,
      yesLabel: 'Revoke',
    });
    if (go) await runListAction('Token not revoked', () => revoke.mutateAsync(token.id));
  };
  return (
    <QueryList query={query} empty={props.empty}>
      {(rows) => (
        <BorderedList label={props.label} rows={rows} rowKey={(t) => t.id} rowTestId="token-row">
          {(token) => (
            <>
              <Stack gap={2} miw={0}>
                <Text fw={600} truncate="end">
                  {token.name}
                </Text>
                <Group gap={6}>
                  <Badge variant="outline" size="sm" color="gray.8">
                    {SCOPE_LABELS[token.scope]}
                  </Badge>
                  {token.role && (
                    <Badge
                      variant="outline"
                      size="sm"
                      color={token.role === 'client' ? 'teal.9' : 'indigo.9'}
                    >
                      {token.role === 'client'
                        ? `Client user: ${token.client_name ?? 'unknown'}`
                        : 'Staff'}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="gray.7">
                  Created {day(token.created_at)} ·{' '}
                  {token.expires_at ? `expires ${day(token.expires_at)}` : 'never expires'} ·{' '}
                  {token.last_used_at
                    ? `last used ${moment(token.last_used_at)} from ${token.last_used_address ?? 'unknown'}`
                    : 'never used'}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="default"
                color="red.9"
                aria-label={`Revoke ${token.name}`}
                onClick={() => void onRevoke(token)}
              >
                Revoke
              </Button>
            </>
          )}
        </BorderedList>
      )}
    </QueryList>
  );
}
