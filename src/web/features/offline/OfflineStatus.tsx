import { Button, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authQueries } from '../auth/api.ts';
import { QueueButton } from './QueueBadge.tsx';
import { useScanSessionOpen } from './scan-session.ts';
import { notify } from '../../components/dialogs/index.ts';
import {
  applyUpdate,
  dropOtherMembersScans,
  setPhoneUser,
  useUpdateWaiting,
} from './service-worker-client.ts';
import { useAutoSync } from './useQueueSync.ts';
import { useSessionCheck } from './useSessionCheck.ts';

/**
 * What the layout shows a signed-in member about working offline: the queue badge and the
 * "update available" offer; it also keeps the service worker told who is signed in, the
 * queue syncing, and the session checked when the phone comes back to the foreground. Loaded lazily (anonymous visitors never need it); the banner is separate.
 */
export default function OfflineStatus() {
  const me = useQuery({ ...authQueries.me(), enabled: false });
  // Only a definite answer counts: while loading, or failing offline, nothing changes.
  const userId = me.isSuccess ? (me.data?.id ?? null) : undefined;
  useEffect(() => {
    if (userId !== undefined) void setPhoneUser(userId).catch(() => {});
    if (userId) void dropOthersScans(userId);
  }, [userId]);
  useAutoSync(userId ?? null);
  useSessionCheck(userId ?? null);

  return (
    <>
      <div style={{ position: 'fixed', right: 12, bottom: 44, zIndex: 250 }}>
        <QueueButton />
      </div>
      <UpdateOffer />
    </>
  );
}

/**
 * Scans another member left unsent (their session ended) are deleted once someone else signs
 * in: only they could send them, and the sign-in page warned about them first
 * (UnsentScansWarning). Nothing of them is shown, only how many.
 */
async function dropOthersScans(userId: string): Promise<void> {
  const dropped = await dropOtherMembersScans(userId);
  if (dropped === 0) return;
  notify(
    `${dropped} unsynced ${dropped === 1 ? 'scan' : 'scans'} of the member signed in before ${dropped === 1 ? 'was' : 'were'} deleted from this phone.`,
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
