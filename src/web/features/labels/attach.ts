import { alert, confirm } from '../../components/dialogs/index.ts';
import { openForm } from '../../components/forms/index.ts';
import type { AttachOutcome } from './api.ts';

/** The confirmation before a label is taken from another item. */
export const REASSIGN_WARNING =
  'The label is assigned to another item, do you still want to assign it';
/** The label is on this item already. */
export const ALREADY_HERE_MESSAGE = 'Label is already assigned to this item';

export type Attach = (input: {
  itemId: string;
  code: string;
  replace: boolean;
}) => Promise<AttachOutcome>;
export type AttachResult = 'attached' | 'already-here' | 'cancelled';

/**
 * The one label-attach flow, after asking the server not to take the label from another
 * item (docs/decisions.md, "Labels"): says so when it was already here; asks before
 * taking it from another item, then takes it. A failing call throws.
 */
export async function settleAttach(
  outcome: AttachOutcome,
  retry: () => Promise<AttachOutcome>,
): Promise<AttachResult> {
  if (outcome.kind === 'attached') return 'attached';
  if (outcome.kind === 'already-here') {
    await alert(ALREADY_HERE_MESSAGE);
    return 'already-here';
  }
  const take = await confirm({ warning: REASSIGN_WARNING, yesLabel: 'Assign', noLabel: 'Cancel' });
  if (!take) return 'cancelled';
  await retry();
  return 'attached';
}

/** Attaches a code obtained from a scan or a pick: the scanner and the item page alike. */
export async function attachLabelCode(
  attach: Attach,
  itemId: string,
  code: string,
): Promise<AttachResult> {
  const first = await attach({ itemId, code, replace: false });
  return settleAttach(first, () => attach({ itemId, code, replace: true }));
}

/**
 * The labels plus button: a form to type or paste a label code or scan link, then the
 * same questions. The first, non-taking call runs inside the form, so a refusal shows
 * under it. Resolves with what happened, or undefined when the form was cancelled.
 */
export async function askAndAttachLabel(
  attach: Attach,
  itemId: string,
): Promise<AttachResult | undefined> {
  const asked = await openForm(
    () => import('./AddLabel.form.tsx'),
    {
      save: async (code: string) => ({
        code,
        outcome: await attach({ itemId, code, replace: false }),
      }),
    },
    { title: 'Add a label' },
  );
  if (!asked) return undefined;
  return settleAttach(asked.outcome, () => attach({ itemId, code: asked.code, replace: true }));
}
