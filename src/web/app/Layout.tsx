import { AppShell, Group, Anchor, Image } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../features/auth/api.ts';

export const MOBILE_QUERY = '(max-width: 499px)';

export function Layout() {
  const location = useLocation();
  // The user is loaded at start unless the path is /login.
  const { user } = useCurrentUser({ enabled: location.pathname !== '/login' });
  const mobile = useMediaQuery(MOBILE_QUERY);
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" aria-label="Yardkeep home">
            <Image src="/logo.svg" alt="Yardkeep" w={mobile ? 150 : 200} h="auto" />
          </Anchor>
          {user && (
            <Anchor component={Link} to="/profile" size="sm" truncate>
              {user.email}
            </Anchor>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
