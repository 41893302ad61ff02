import { useState } from 'react';
import { Text } from '@mantine/core';
import type { StocktakeCounts } from '../../../common/schemas/stocktake.ts';
import { useScanQueue } from '../offline/scan-queue.ts';
import { ContinuousScan, type ScanModeContext } from '../scan-mode/ContinuousScan.tsx';
import { ScanModeModal } from '../scan-mode/ScanModeModal.tsx';
import { countsText } from '../../../common/stocktake-counts.ts';
import { useStocktakeScans, type StocktakeTarget } from './useStocktakeScans.ts';

/**
 * Scanning a stock-take: the continuous scanner packing uses (camera, sounds, offline
 * queue), each label counted at once, the live counts underneath. Open it from a click
 * (see unlockAudio).
 */
export function StocktakeMode(props: {
  stocktake: StocktakeTarget & { counts: StocktakeCounts };
  opened: boolean;
  onClose: () => void;
}) {
  const [counts, setCounts] = useState(props.stocktake.counts);
  const waiting = useScanQueue().filter(
    (s) => s.mode === 'stocktake' && s.stocktake_id === props.stocktake.id && s.state === 'queued',
  ).length;
  const useScans = (context: ScanModeContext) =>
    useStocktakeScans({ ...context, stocktake: props.stocktake, onCounts: setCounts });
  return (
    <ScanModeModal
      opened={props.opened}
      onClose={props.onClose}
      title={`Stock-take of ${props.stocktake.place_name}`}
      closeLabel="Close the stock-take scanner"
    >
      <ContinuousScan
        useScans={useScans}
        idle="Point the camera at a label. Each one scanned is counted at once."
        doneLabel="Done scanning"
        onDone={props.onClose}
        counters={
          <div>
            <Text fw={700} size="lg" aria-live="polite" data-testid="stocktake-counts">
              {countsText(counts)}
            </Text>
            {waiting > 0 && (
              <Text size="sm" c="gray.4" data-testid="stocktake-waiting">
                {waiting} {waiting === 1 ? 'scan waits' : 'scans wait'} on this phone
              </Text>
            )}
          </div>
        }
      />
    </ScanModeModal>
  );
}
