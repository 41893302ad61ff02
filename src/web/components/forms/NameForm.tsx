import { z } from 'zod';
import { nameSchema } from '../../../common/schemas/common.ts';
import { FormFrame, useSchemaForm } from './FormFrame.tsx';
import { TextField } from './fields.tsx';

export interface NameFormProps<R> {
  /** Defaults to "Name"; also says "{label} is required". */
  label?: string;
  description?: string;
  initialName?: string;
  submitLabel?: string;
  /** The field's rule when it is not a name (a label code): its output is what save gets. */
  rule?: z.ZodType<string, string>;
  /** Gets the trimmed name; throw to show the error under the form. */
  save: (name: string) => Promise<R> | R;
  close: (result: R | undefined) => void;
}

/**
 * One name: creating or renaming a client, location or component type, the inline
 * "Create a …" of a select, the name of a manifest's copy. The rule is the contract's
 * nameSchema (required, at most 200 characters, one line).
 */
export function NameForm<R>(props: NameFormProps<R>) {
  const label = props.label ?? 'Name';
  const schema = z.object({ name: props.rule ?? nameSchema(label) });
  const form = useSchemaForm(schema, { name: props.initialName ?? '' });
  return (
    <FormFrame
      form={form}
      schema={schema}
      save={(body) => props.save(body.name)}
      close={props.close}
      submitLabel={props.submitLabel}
    >
      <TextField
        form={form}
        path="name"
        label={label}
        description={props.description}
        required
        autoComplete="off"
        first
      />
    </FormFrame>
  );
}

export default NameForm;
