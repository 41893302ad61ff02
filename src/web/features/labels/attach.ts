import { normalizeLabelCode } from '../../../common/label-code.ts';
import { alert, confirm, formModal, guarded } from '../../components/dialogs/index.ts';
import type { AttachOutcome } from './api.ts';

/**
 * A label code from what was typed, pasted or scanned: the code itself (any case, with
 * or without dashes) or a scan link, whose last path segment is the code (spec
 * "Scanner modal"). Null when it is neither.
 */
export function labelCodeFrom(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  let candidate = text;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    try {
      const segments = new URL(text).pathname.split('/').filter(Boolean);
      candidate = decodeURIComponent(segments[segments.length - 1] ?? '');
    } catch {
      return null;
    }
  }
  return normalizeLabelCode(candidate);
}

type Attach = (input: { itemId: string; code: string; replace: boolean }) => Promise<AttachOutcome>;

/**
 * After asking the server not to take the label from another item: says so when it was
 * already here; asks before taking it from another item (then takes it). Resolves true
 * when the label ended up attached by this call.
 */
export async function settleAttach(
  outcome: AttachOutcome,
  retry: () => Promise<AttachOutcome>,
): Promise<boolean> {
  if (outcome.kind === 'attached') return true;
  if (outcome.kind === 'already-here') {
    await alert('Label is already assigned to this item');
    return false;
  }
  const take = await confirm({
    warning: 'The label is assigned to another item, do you still want to assign it.',
    yesLabel: 'Assign',
    noLabel: 'Cancel',
  });
  if (!take) return false;
  const again = await guarded(retry);
  return again?.kind === 'attached';
}

/**
 * The labels plus button: a form to type or paste a label code or scanned link, then the
 * attach with its questions. A scanner can later call `attachLabelCode` directly.
 */
export async function askAndAttachLabel(itemId: string, attach: Attach): Promise<boolean> {
  const outcome = await formModal({
    title: 'Add a label',
    submitLabel: 'Add label',
    fields: [
      {
        name: 'code',
        label: 'Label code',
        description: 'The 12 characters on the label (like ABCD-EFGH-JKMN) or its scan link',
        required: true,
        autoComplete: 'off',
        validate: (value) =>
          labelCodeFrom(String(value ?? '')) ? null : 'That is not a label code or scan link',
      },
    ],
    // The first, non-taking call runs inside the form, so a refusal shows under it.
    onSubmit: (values) =>
      attach({ itemId, code: labelCodeFrom(String(values.code))!, replace: false }).then(
        (result) => ({ result, code: labelCodeFrom(String(values.code))! }),
      ),
  });
  if (!outcome) return false;
  return settleAttach(outcome.result, () => attach({ itemId, code: outcome.code, replace: true }));
}

/** Attaches a code obtained some other way (a scan), with the same questions. */
export async function attachLabelCode(
  itemId: string,
  code: string,
  attach: Attach,
): Promise<boolean> {
  const first = await guarded(() => attach({ itemId, code, replace: false }));
  if (!first) return false;
  return settleAttach(first, () => attach({ itemId, code, replace: true }));
}
