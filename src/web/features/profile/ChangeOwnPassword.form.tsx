import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, changeOwnPasswordBody } from '../../../common/schemas/member.ts';
import { newPasswordSchema } from '../../../common/schemas/common.ts';
import { FormFrame, useSchemaForm } from '../../components/forms/FormFrame.tsx';
import { PasswordField } from '../../components/forms/fields.tsx';
import type { FormDialogProps } from '../../components/forms/index.ts';

/** The contract's body, with the new password named as the form labels it. */
const schema = changeOwnPasswordBody.extend({ password: newPasswordSchema('New password') });
export type ChangeOwnPasswordBody = z.output<typeof schema>;

/** "Change your password": the current one proves it is them. */
export default function ChangeOwnPasswordForm(
  props: { save: (body: ChangeOwnPasswordBody) => Promise<unknown> } & FormDialogProps<true>,
) {
  const form = useSchemaForm(schema, { current_password: '', password: '' });
  return (
    <FormFrame
      form={form}
      schema={schema}
      save={async (body) => {
        await props.save(body);
        return true as const;
      }}
      close={props.close}
      submitLabel="Change password"
    >
      <PasswordField
        form={form}
        path="current_password"
        label="Current password"
        required
        autoComplete="current-password"
        first
      />
      <PasswordField
        form={form}
        path="password"
        label="New password"
        required
        autoComplete="new-password"
        description={`At least ${PASSWORD_MIN_LENGTH} characters`}
      />
    </FormFrame>
  );
}
