import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, changeOwnPasswordBody } from '../../../common/schemas/member.ts';
import { newPasswordSchema } from '../../../common/schemas/common.ts';
import { useSchemaForm } from '../../components/forms/FormFrame.tsx';
import { PasswordField } from '../../components/forms/fields.tsx';
import type { FormDialogProps } from '../../components/forms/index.ts';
import { NewPasswordField, PasswordFormFrame } from './PasswordFormFrame.tsx';

/** The contract's body, with the new password named as the form labels it. */
const schema = changeOwnPasswordBody.extend({ password: newPasswordSchema('New password') });
export type ChangeOwnPasswordBody = z.output<typeof schema>;

/** "Change your password": the current one proves it is them. */
export default function ChangeOwnPasswordForm(
  props: { save: (body: ChangeOwnPasswordBody) => Promise<unknown> } & FormDialogProps<true>,
) {
  const form = useSchemaForm(schema, { current_password: '', password: '' });
  return (
    <PasswordFormFrame form={form} schema={schema} save={props.save} close={props.close}>
      <PasswordField
        form={form}
        path="current_password"
        label="Current password"
        required
        autoComplete="current-password"
        first
      />
      <NewPasswordField form={form} description={`At least ${PASSWORD_MIN_LENGTH} characters`} />
    </PasswordFormFrame>
  );
}
