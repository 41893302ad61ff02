import {
  itemRefusal,
  stageRefusal,
  type ItemAction,
  type ItemStageState,
  type JobAction,
} from '../../../common/job-stages.ts';
import type { Stage } from '../../../common/round-trip.ts';
import { conflict } from '../../errors.ts';

/**
 * The server's side of the stage rules (src/common/job-stages.ts): every write that a stage
 * can refuse calls one of these before it writes, so what the answers' abilities say and
 * what the server accepts are the same table. A refusal is a 409 and the caller's
 * transaction writes nothing.
 */
export function assertStageAllows(stage: Stage, action: JobAction): void {
  const refusal = stageRefusal(stage, action);
  if (refusal) throw conflict(refusal.message, refusal.code);
}

/** The same for one item, by where it stands on its job (out on it or not). */
export function assertItemAllows(item: ItemStageState, action: ItemAction): void {
  const refusal = itemRefusal(item, action);
  if (refusal) throw conflict(refusal.message, refusal.code);
}
