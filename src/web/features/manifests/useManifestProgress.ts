import { useQuery } from '@tanstack/react-query';
import { withQueuedScans } from '../offline/optimistic.ts';
import { useScanQueue } from '../offline/scan-queue.ts';
import { packingQueries } from './api.ts';
import { progressRows, progressTotals } from './progress.ts';

/**
 * Required versus packed for one manifest, from the requirements and the totals of the
 * allocated items. Both queries refetch after any item or manifest write, which is what
 * makes the counters and the missing column follow each scan.
 */
export function useManifestProgress(manifestId: string) {
  const requirements = useQuery(packingQueries.requirements(manifestId));
  const provided = useQuery(packingQueries.manifestComponents(manifestId));
  // Scans queued on this phone count at once (optimistically), before they sync.
  const queue = useScanQueue();
  const ready = requirements.data !== undefined && provided.data !== undefined;
  const rows = ready
    ? progressRows(requirements.data!, withQueuedScans(manifestId, provided.data!, queue))
    : [];
  return {
    requirements: requirements.data ?? [],
    rows,
    totals: progressTotals(rows),
    isPending: requirements.isPending || provided.isPending,
    error: requirements.error ?? provided.error,
  };
}
