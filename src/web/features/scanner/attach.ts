import { confirm } from '../../components/dialogs/messages.tsx';
import type { AttachOutcome } from '../labels/api.ts';

/** Spec section 8's confirmation before a label is taken from another item. */
export const REASSIGN_WARNING =
  'The label is assigned to another item, do you still want to assign it';
/** Spec section 5: the label is on this item already. */
export const ALREADY_HERE_MESSAGE = 'Label is already assigned to this item';

type Attach = (input: { itemId: string; code: string; replace: boolean }) => Promise<AttachOutcome>;

/**
 * Attaches a label without silently taking it from another item (DECISIONS 4): asks with
 * `replace=false` first; when the label is elsewhere, confirms and then reassigns it.
 * Resolves with what happened; 'cancelled' when the user kept the label where it was.
 */
export async function attachWithConfirm(
  attach: Attach,
  itemId: string,
  code: string,
): Promise<'attached' | 'already-here' | 'cancelled'> {
  const first = await attach({ itemId, code, replace: false });
  if (first.kind === 'attached') return 'attached';
  if (first.kind === 'already-here') return 'already-here';
  const yes = await confirm({ warning: REASSIGN_WARNING, yesLabel: 'Assign', safe: true });
  if (!yes) return 'cancelled';
  await attach({ itemId, code, replace: true });
  return 'attached';
}
