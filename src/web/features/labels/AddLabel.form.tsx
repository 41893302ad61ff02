import { z } from 'zod';
import { labelCodeFrom } from '../../../common/label-code.ts';
import { FormFrame, useSchemaForm } from '../../components/forms/FormFrame.tsx';
import { TextField } from '../../components/forms/fields.tsx';
import type { FormDialogProps } from '../../components/forms/index.ts';
import type { AttachOutcome } from './api.ts';

/** A code typed or pasted as it is printed, or the label's scan link. */
const schema = z.object({
  code: z
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
    }),
});

interface Asked {
  code: string;
  outcome: AttachOutcome;
}

/** "Add a label": the code, normalised before the first attach call. */
export default function AddLabelForm(
  props: { save: (code: string) => Promise<Asked> } & FormDialogProps<Asked>,
) {
  const form = useSchemaForm(schema, { code: '' });
  return (
    <FormFrame
      form={form}
      schema={schema}
      save={(body) => props.save(body.code)}
      close={props.close}
      submitLabel="Add label"
    >
      <TextField
        form={form}
        path="code"
        label="Label code"
        description="The 12 characters on the label (like ABCD-EFGH-JKMN) or its scan link"
        required
        autoComplete="off"
        first
      />
    </FormFrame>
  );
}
