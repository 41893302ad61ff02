import { useEffect } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatLabelCode } from '../../../common/label-code.ts';
import { useRetryWhileWaiting } from '../../lib/network-return.ts';
import { useCurrentUser } from '../auth/api.ts';
import { labelQueries } from '../labels/api.ts';
import { labelOnPhone } from './phone-copy.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';

const UNSEEN_LABEL_OFFLINE =
  'No connection, and this phone has not seen this label before, so it cannot tell what the label is on. Scan it again when you have a signal.';
const FREE_LABEL_OFFLINE =
  'No connection. When this phone last saw this label it was on no item. Putting a label on an item needs a connection: offline, this phone cannot tell whether someone has used the label since. Scan it again when you have a signal.';

/**
 * A label scanned (or opened from the phone's camera app) without a network: the item it was
 * on, as this phone last saw it, opens from the phone's copy; otherwise the page says why it
 * cannot help and looks again by itself until the network returns (whether or not the
 * browser says so). Create and select item are not offered offline (docs/decisions.md,
 * "Offline scanning and idempotency keys").
 */
export function OfflineLabel({ code, onOnline }: { code: string; onOnline: () => unknown }) {
  const navigate = useNavigate();
  const { user, isLoading } = useCurrentUser();
  const userId = user?.id ?? null;
  const seen = useQuery({
    queryKey: [...labelQueries.all(), 'phone-copy', userId, code] as const,
    queryFn: async () => {
      const itemId = userId ? await labelOnPhone(userId, code) : undefined;
      // null: seen on no item (react-query keeps no undefined, hence 'unseen').
      return itemId === undefined ? 'unseen' : itemId;
    },
    enabled: !isLoading,
    retry: false,
    gcTime: 0,
  });
  const itemId = seen.data && seen.data !== 'unseen' ? seen.data : null;

  useEffect(() => {
    if (itemId) void navigate(`/items/${encodeURIComponent(itemId)}`, { replace: true });
  }, [itemId, navigate]);
  // Until the network is back: look the label up for real (and record the scan) again.
  useRetryWhileWaiting(onOnline);

  if (!seen.isSuccess || itemId) {
    return <CenteredLoader label="Looking up the label" />;
  }
  return (
    <Stack gap="md" maw={520}>
      <Title order={1}>Label {formatLabelCode(code)}</Title>
      <Text data-testid="offline-label">
        {seen.data === 'unseen' ? UNSEEN_LABEL_OFFLINE : FREE_LABEL_OFFLINE}
      </Text>
      <Button variant="default" onClick={() => void onOnline()} style={{ alignSelf: 'flex-start' }}>
        Try again
      </Button>
    </Stack>
  );
}
