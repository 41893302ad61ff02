import { useState } from 'react';
import { Badge, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { showError } from '../../components/dialogs/index.ts';
import { itemQueries } from '../items/api.ts';
import { useMyQueue } from './QueueBadge.tsx';
import { destinationOf, type QueuedScan } from './scan-queue.ts';
import { decide } from './sync.ts';
import { useSyncNow } from './useQueueSync.ts';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The sheet of the queue badge (QueueBadge.tsx), loaded when first opened. */
export default function QueueSheet(props: { opened: boolean; onClose: () => void }) {
  const { queued, decisions } = useMyQueue();
  const syncNow = useSyncNow();
  const [syncing, setSyncing] = useState(false);
  const onSync = async () => {
    setSyncing(true);
    try {
      await syncNow();
    } catch (error) {
      await showError(error);
    } finally {
      setSyncing(false);
    }
  };
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      position="bottom"
      size="auto"
      title="Scans on this phone"
      zIndex={400}
    >
      <Stack gap="md">
        {decisions.length > 0 && (
          <section aria-label="Needs your decision">
            <Text fw={700} mb={4}>
              Needs your decision
            </Text>
            <Stack gap="sm">
              {decisions.map((scan) => (
                <Decision key={scan.seq} scan={scan} />
              ))}
            </Stack>
          </section>
        )}
        <section aria-label="Waiting to sync">
          <Group justify="space-between" mb={4}>
            <Text fw={700}>Waiting to sync</Text>
            <Badge color="grape.9">{queued.length}</Badge>
          </Group>
          {queued.length === 0 ? (
            <Text size="sm">Nothing is waiting.</Text>
          ) : (
            <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {queued.slice(0, 50).map((scan) => (
                <Text component="li" size="sm" key={scan.seq}>
                  {time(scan.scanned_at)} · {scan.item?.name ?? scan.subject} →{' '}
                  {destinationOf(scan).name}
                </Text>
              ))}
              {queued.length > 50 && <Text size="sm">and {queued.length - 50} more</Text>}
            </Stack>
          )}
        </section>
        <Button onClick={() => void onSync()} loading={syncing} disabled={queued.length === 0}>
          Sync now
        </Button>
      </Stack>
    </Drawer>
  );
}

/** What "do it to the item the label is on now" is called, by scan mode. */
const LABEL_MOVED_CHOICE: Record<QueuedScan['mode'], string> = {
  packing: 'Pack it',
  return: 'Return it',
  fill: 'Put it inside',
  stocktake: 'Count it',
};

/** One scan that no longer applies, with the choices the online flow would have offered. */
function Decision({ scan }: { scan: QueuedScan }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const problem = scan.problem!;
  const choose = async (choice: 'apply' | 'retry' | 'dismiss') => {
    setBusy(true);
    try {
      await decide(scan, choice);
      if (choice === 'apply') void queryClient.invalidateQueries({ queryKey: itemQueries.all() });
    } catch (error) {
      await showError(error);
    } finally {
      setBusy(false);
    }
  };
  const canMove =
    problem.kind === 'moved-elsewhere' ||
    problem.kind === 'label-moved' ||
    problem.kind === 'reserved';
  return (
    <Stack gap={4} data-testid="decision" data-kind={problem.kind}>
      <Text size="sm">
        Scanned {time(scan.scanned_at)} for {destinationOf(scan).name}: {problem.message}
      </Text>
      <Group gap="xs">
        {canMove && (
          <Button size="xs" loading={busy} onClick={() => void choose('apply')}>
            {problem.kind === 'label-moved'
              ? LABEL_MOVED_CHOICE[scan.mode]
              : problem.kind === 'reserved'
                ? 'Pack anyway'
                : 'Move here'}
          </Button>
        )}
        {problem.kind === 'refused' && (
          <Button size="xs" variant="light" loading={busy} onClick={() => void choose('retry')}>
            Try again
          </Button>
        )}
        <Button size="xs" variant="default" disabled={busy} onClick={() => void choose('dismiss')}>
          {canMove ? 'Leave it' : 'Dismiss'}
        </Button>
      </Group>
    </Stack>
  );
}
