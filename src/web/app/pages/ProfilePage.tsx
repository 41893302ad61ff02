import { Container, Stack, Title } from '@mantine/core';
import { useCan, useCurrentUser } from '../../features/auth/api.ts';
import { AccountCard } from '../../features/profile/AccountCard.tsx';
import { AdminTabs } from '../../features/profile/AdminTabs.tsx';
import { TokensCard } from '../../features/tokens/TokensCard.tsx';
import { DigestSwitch } from '../../features/inspections/DigestSwitch.tsx';

/** Account for everyone signed in; admins also manage members, clients and locations. */
export function ProfilePage() {
  const { user } = useCurrentUser();
  const canManageMembers = useCan('members:manage');
  // RequireLogin guards this route; the check keeps the types honest.
  if (!user) return null;
  return (
    <Container size="md" px={0}>
      <Stack>
        <Title order={1}>Profile</Title>
        <AccountCard user={user} />
        <TokensCard user={user} />
        <DigestSwitch />
        {canManageMembers && <AdminTabs currentUserId={user.id} />}
      </Stack>
    </Container>
  );
}
