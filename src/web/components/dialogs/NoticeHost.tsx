import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';
import { NOTICE_MS } from './notify.ts';

const NoticeArea = lazy(() => import('./NoticeArea.tsx').then((m) => ({ default: m.NoticeArea })));

/**
 * Mantine's notice area, mounted with the first notice: until then notify() only fills
 * @mantine/notifications' store, and its transitions and portal stay out of the first page
 * load (docs/decisions.md, "Fast on a phone"). Place it once, where <Notifications> was.
 */
export function NoticeHost() {
  const state = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && state.notifications.length + state.queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NoticeArea autoClose={NOTICE_MS} />
    </Suspense>
  );
}
