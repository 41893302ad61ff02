import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { useCurrentUser } from '../auth/api.ts';
import { useScanQueue } from './scan-queue.ts';

// The sheet (a drawer, the sync code and the API contracts it calls) stays out of the first
// load of every page: it is fetched when the badge is first tapped.
const QueueSheet = lazy(() => import('./QueueSheet.tsx'));

/** The member's own scans in the queue: waiting to be sent, and waiting for a decision. */
export function useMyQueue() {
  const { user } = useCurrentUser();
  const mine = useScanQueue().filter((s) => s.user_id === user?.id);
  return {
    queued: mine.filter((s) => s.state === 'queued'),
    decisions: mine.filter((s) => s.state === 'needs-decision'),
  };
}

/**
 * The queue badge: how many scans wait on this phone, and how many need a decision; opens
 * the sheet. Shows nothing when the queue is empty.
 */
export function QueueButton({ size = 'sm' }: { size?: 'sm' | 'lg' }) {
  const { queued, decisions } = useMyQueue();
  const [opened, setOpened] = useState(false);
  if (queued.length === 0 && decisions.length === 0 && !opened) return null;
  return (
    <>
      <Button
        size={size}
        variant={decisions.length > 0 ? 'filled' : 'light'}
        color={decisions.length > 0 ? 'orange.9' : 'grape.9'}
        onClick={() => setOpened(true)}
        data-testid="queue-badge"
        data-queued={queued.length}
        data-decisions={decisions.length}
      >
        {queued.length} queued
        {decisions.length > 0 ? ` · ${decisions.length} need your decision` : ''}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <QueueSheet opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
