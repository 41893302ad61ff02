import { itemRefusal, stageRefusal } from '../../../common/job-stages.ts';
import { stageSchema } from '../../../common/schemas/fields.ts';
import { conflict, type AppError } from '../../errors.ts';

/** What the stage guards need to know of a manifest an item leaves or joins. */
export interface ManifestStage {
  name: string;
  stage: string;
}

/**
 * The job-stage rules of an item's manifest change, in one function every write path
 * reaches through the item door (item-changes.service.ts), read from the one table in
 * src/common/job-stages.ts: an item out on a job is returned from it, never taken off it
 * ('take_off'); only a job whose stage allows 'pack' takes items. Null: allowed. (The job's
 * own transitions, dispatch and close, are the round trip's, through the same table.)
 */
export function manifestChangeRefusal(
  before: { manifest_id: string | null; out_at: string | null } | null,
  leaving: ManifestStage | undefined,
  joining: ManifestStage | undefined,
): AppError | null {
  if (before) {
    const refusal = itemRefusal(
      {
        manifest_id: before.manifest_id,
        manifest_name: leaving?.name ?? null,
        out_since: before.out_at,
        condition: 'ok',
      },
      'take_off',
    );
    if (refusal) return conflict(refusal.message, refusal.code);
  }
  if (joining) {
    const refusal = stageRefusal(stageSchema.parse(joining.stage), 'pack');
    if (refusal) return conflict(refusal.message, refusal.code);
  }
  return null;
}
