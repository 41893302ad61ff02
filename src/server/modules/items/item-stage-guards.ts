import { conflict, type AppError } from '../../errors.ts';

/** What the stage guards need to know of a manifest an item leaves or joins. */
export interface ManifestStage {
  name: string;
  stage: string;
}

/**
 * The job-stage rules of an item's manifest change, in one function every write path
 * reaches through the item door (item-changes.service.ts): an item out on a job is
 * returned from it, never moved off it; nothing joins a closed job. Null: allowed.
 * (The job's own transitions, dispatch and close, are the round trip's.)
 */
export function manifestChangeRefusal(
  before: { manifest_id: string | null; out_at: string | null } | null,
  leaving: ManifestStage | undefined,
  joining: ManifestStage | undefined,
): AppError | null {
  if (before?.out_at && before.manifest_id) {
    const name = leaving?.name ?? 'a job';
    return conflict(`This item is out on ${name}. Return it from that job instead.`, 'out_on_job');
  }
  if (joining?.stage === 'closed') return conflict('That job is closed.', 'job_closed');
  return null;
}
