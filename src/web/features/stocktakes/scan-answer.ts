import { formatLabelCode } from '../../../common/label-code.ts';
import type { ScanResult } from '../../../common/schemas/stocktake.ts';
import type { ScanOutcome } from '../scan-mode/scan-outcome.ts';

/** What a stock-take's answer to one scan shows on the scanning screen (its card and sound). */
export function outcomeOfCount(result: ScanResult): ScanOutcome {
  if (result.outcome === 'unknown') return { kind: 'unknown', code: formatLabelCode(result.code) };
  const item = result.item
    ? { id: result.item.id, name: result.item.name, manifest_id: null, manifest_name: null }
    : null;
  // An unknown label scanned again is "already counted", and still has no item.
  if (result.outcome === 'already' && !item) {
    return { kind: 'unknown', code: formatLabelCode(result.code) };
  }
  return {
    kind: 'counted',
    outcome: result.outcome,
    item,
    detail: result.detail,
    contents: result.contents_found,
  };
}
