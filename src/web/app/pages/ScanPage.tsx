import { lazy, Suspense, useCallback, useEffect } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { normalizeLabelCode } from '../../../common/label-code.ts';
import { track } from '../../features/analytics/index.ts';
import { useCan, useCurrentUser } from '../../features/auth/api.ts';
import { labelQueries } from '../../features/labels/api.ts';
import { UnassignedLabel } from '../../features/scanner/UnassignedLabel.tsx';
import { ApiError } from '../../lib/api.ts';
import { isNetworkFailure } from '../../lib/connectivity.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';

const OfflineLabel = lazy(() =>
  import('../../features/offline/OfflineLabel.tsx').then((m) => ({ default: m.OfflineLabel })),
);

const NO_ITEM_MESSAGE = 'Sorry, there is no item for this label.';

/**
 * /scan/{label_id} (spec "Scan"). Records the scan and looks the label up; an attached
 * label replaces this route with its item. Otherwise staff may create or select an item
 * for it, and everyone else is told there is none. A lookup the server failed counts as
 * no item; without a connection the page says what this phone last saw instead.
 * Opened from outside the app, an attached label is recorded and redirected by the server
 * and this page never runs; it runs for in-app navigation (the header scanner), free or
 * unknown labels, and a prefetched page really shown (docs/decisions.md, "Scans").
 */
export function ScanPage() {
  const { labelId = '' } = useParams();
  const code = normalizeLabelCode(labelId);
  const navigate = useNavigate();
  const { isLoading: userLoading } = useCurrentUser();
  const canWrite = useCan('inventory:write');
  // One request per visit to this page: the lookup also records the scan.
  const scan = useQuery({ ...labelQueries.scan(code ?? ''), enabled: code !== null });
  const itemId = scan.data?.item_id ?? null;
  const { refetch } = scan;
  // Its promise: the offline page waits for one look-up before it starts another.
  const retry = useCallback(() => refetch({ cancelRefetch: false }), [refetch]);

  useEffect(() => {
    if (!itemId) return;
    track('user_scanned_an_item');
    void navigate(`/items/${encodeURIComponent(itemId)}`, { replace: true });
  }, [itemId, navigate]);

  const lookingUp = <CenteredLoader label="Looking up the label" />;
  if (code !== null && (scan.isPending || itemId || userLoading)) return lookingUp;
  // No network: what this phone last saw, never "not on any item" (the server was not asked).
  if (code !== null && scan.isError && isNetworkFailure(scan.error)) {
    return (
      <Suspense fallback={lookingUp}>
        <OfflineLabel code={code} onOnline={retry} />
      </Suspense>
    );
  }
  // An anonymous address past its scans (429): not "no item", which would be untrue.
  const limited =
    scan.error instanceof ApiError && scan.error.code === 'rate_limited'
      ? scan.error.message
      : null;
  // A malformed code is not a label anyone could attach, so nobody is offered that.
  if (code !== null && canWrite) return <UnassignedLabel code={code} />;
  return (
    <Stack gap="md" maw={520}>
      <Title order={1}>Scan</Title>
      <Text>{limited ?? NO_ITEM_MESSAGE}</Text>
    </Stack>
  );
}
