import { z } from 'zod';
import { labelCodeFrom } from '../../../common/label-code.ts';
import { NameForm } from '../../components/forms/NameForm.tsx';
import type { FormDialogProps } from '../../components/forms/index.ts';
import type { AttachOutcome } from './api.ts';

/** A code typed or pasted as it is printed, or the label's scan link. */
const codeRule = z
  .string()
  .trim()
  .min(1, 'Label code is required')
  .transform((value, ctx) => {
    const code = labelCodeFrom(value);
    if (!code) {
      ctx.addIssue({ code: 'custom', message: 'That is not a label code or scan link' });
      return z.NEVER;
    }
    return code;
  });

interface Asked {
  code: string;
  outcome: AttachOutcome;
}

/** "Add a label": the one-field form with the code's rule, normalised before the first attach call. */
export default function AddLabelForm(
  props: { save: (code: string) => Promise<Asked> } & FormDialogProps<Asked>,
) {
  return (
    <NameForm
      label="Label code"
      description="The 12 characters on the label (like ABCD-EFGH-JKMN) or its scan link"
      submitLabel="Add label"
      rule={codeRule}
      save={props.save}
      close={props.close}
    />
  );
}
