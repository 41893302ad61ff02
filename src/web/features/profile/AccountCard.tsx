import { useSyncExternalStore } from 'react';
import { Anchor, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import { confirm, notify, showError } from '../../components/dialogs/index.ts';
import { openForm } from '../../components/forms/index.ts';
import { analyticsEnabled, getConsent, setConsent, subscribeConsent } from '../analytics/index.ts';
import { useChangeOwnPassword, useLogout, useResendVerification } from '../auth/api.ts';
import { useMyQueue } from '../offline/QueueBadge.tsx';
import type { ChangeOwnPasswordBody } from './ChangeOwnPassword.form.tsx';

/** What every signed-in user sees on the profile: email, verification, password, Logout. */
export function AccountCard({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const resend = useResendVerification();
  const changePassword = useChangeOwnPassword();
  const consent = useSyncExternalStore(subscribeConsent, getConsent);

  const onResend = async () => {
    try {
      await resend.mutateAsync();
      notify(`We sent a new verification email to ${user.email}.`);
    } catch (error) {
      await showError(error);
    }
  };

  const onChangePassword = async () => {
    const changed = await openForm(
      () => import('./ChangeOwnPassword.form.tsx'),
      { save: (body: ChangeOwnPasswordBody) => changePassword.mutateAsync(body) },
      { title: 'Change your password' },
    );
    if (changed) notify('Your password was changed. Other devices are signed out.');
  };

  const { queued, decisions } = useMyQueue();
  const unsynced = queued.length + decisions.length;

  const onLogout = async () => {
    if (
      unsynced > 0 &&
      !(await confirm({
        title: 'Scans not synced',
        warning: `${unsynced} ${unsynced === 1 ? 'scan on this phone has' : 'scans on this phone have'} not been synced. Signing out deletes ${unsynced === 1 ? 'it' : 'them'} from this phone.`,
        yesLabel: 'Sign out and delete',
        noLabel: 'Keep them',
      }))
    ) {
      return;
    }
    logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) });
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} miw={0}>
            <Title order={2} size="h4">
              Account
            </Title>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          </Stack>
          <Anchor
            component="button"
            type="button"
            onClick={() => void onLogout()}
            disabled={logout.isPending}
          >
            Logout
          </Anchor>
        </Group>
        {user.client_id && (
          // Client users' header is simplified (spec), so their manifests are reached from here.
          <Anchor component={Link} to="/manifests">
            Your manifests
          </Anchor>
        )}
        {!user.email_verified && (
          <Group gap="sm">
            <Text size="sm">Your email is not verified yet.</Text>
            <Button
              size="xs"
              variant="light"
              loading={resend.isPending}
              onClick={() => void onResend()}
            >
              Resend verification email
            </Button>
          </Group>
        )}
        <Group gap="sm">
          <Button size="xs" variant="default" onClick={() => void onChangePassword()}>
            Change password
          </Button>
        </Group>
        {analyticsEnabled && (
          <Switch
            label="Share usage statistics"
            checked={consent === 'opt-in'}
            onChange={(e) => setConsent(e.currentTarget.checked ? 'opt-in' : 'opt-out')}
          />
        )}
      </Stack>
    </Paper>
  );
}
