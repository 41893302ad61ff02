import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useOffline } from '../../lib/connectivity.ts';
import { authQueries } from '../auth/api.ts';
import { QueueButton } from './QueueSheet.tsx';
import { useScanSessionOpen } from './scan-session.ts';
import { applyUpdate, setPhoneUser, useUpdateWaiting } from './service-worker-client.ts';
import { useAutoSync } from './useQueueSync.ts';

export const OFFLINE_TEXT = 'offline — showing what this phone last saw';

/**
 * Everything the layout shows about working offline: the banner, the queue badge, and the
 * "update available" offer. Also keeps the service worker told who is signed in, and the
 * queue syncing.
 */
export function OfflineStatus() {
  const me = useQuery({ ...authQueries.me(), enabled: false });
  // Only a definite answer counts: while loading, or failing offline, nothing changes.
  const userId = me.isSuccess ? (me.data?.id ?? null) : undefined;
  useEffect(() => {
    if (userId !== undefined) void setPhoneUser(userId).catch(() => {});
  }, [userId]);
  useAutoSync(userId ?? null);

  return (
    <>
      <OfflineBanner />
      <div style={{ position: 'fixed', right: 12, bottom: 44, zIndex: 250 }}>
        <QueueButton />
      </div>
      <UpdateOffer />
    </>
  );
}

/** Shown while the phone works from what it last saw. */
export function OfflineBanner() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <Alert
      color="yellow.4"
      variant="filled"
      radius="sm"
      py={6}
      mb="sm"
      data-testid="offline-banner"
    >
      <Text size="sm" fw={600} c="dark.9" role="status">
        {OFFLINE_TEXT}
      </Text>
    </Alert>
  );
}

/** A new version is offered, never forced, and not while a scan session is open. */
function UpdateOffer() {
  const waiting = useUpdateWaiting();
  const scanning = useScanSessionOpen();
  if (!waiting || scanning) return null;
  return (
    <Paper
      shadow="md"
      p="sm"
      withBorder
      role="status"
      style={{
        position: 'fixed',
        bottom: 96,
        left: 12,
        right: 12,
        zIndex: 300,
        maxWidth: 480,
        marginInline: 'auto',
      }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">A new version of Yardkeep is ready.</Text>
        <Button size="sm" onClick={applyUpdate}>
          Update available — reload
        </Button>
      </Group>
    </Paper>
  );
}
