import { labelsApi } from '../../../common/api/labels.ts';
import { ApiError, callApi } from '../../lib/api.ts';

/** How long a live read may take before the scan is queued as if offline (a dead zone). */
const LIVE_READ_MS = 8000;
export const liveRead = () => ({
  cache: 'no-store' as const,
  signal: AbortSignal.timeout(LIVE_READ_MS),
});

/**
 * Scanning a label in any mode is scanning it: the lookup records the scan (docs/decisions.md,
 * "Scans"). Return mode says so: the return that follows finds a missing item, with its settings.
 */
export async function lookupLabel(code: string, key: string, mode?: 'return') {
  try {
    return await callApi(
      labelsApi.scan,
      { params: { code }, query: mode ? { mode } : {} },
      { ...liveRead(), idempotencyKey: key },
    );
  } catch (error) {
    // An unknown code is an answer ("Unknown label"), not a failure.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
