import { z } from 'zod';
import { newPasswordSchema, PASSWORD_MIN_LENGTH } from '../../../common/schemas/common.ts';
import { useSchemaForm } from '../../components/forms/FormFrame.tsx';
import type { FormDialogProps } from '../../components/forms/index.ts';
import { NewPasswordField, PasswordFormFrame } from './PasswordFormFrame.tsx';

const schema = z.object({ password: newPasswordSchema('New password') });

/** An admin setting another member's password. */
export default function MemberPasswordForm(
  props: { email: string; save: (password: string) => Promise<unknown> } & FormDialogProps<true>,
) {
  const form = useSchemaForm(schema, { password: '' });
  return (
    <PasswordFormFrame
      form={form}
      schema={schema}
      save={(body) => props.save(body.password)}
      close={props.close}
    >
      <NewPasswordField
        form={form}
        description={`For ${props.email}; at least ${PASSWORD_MIN_LENGTH} characters`}
        first
      />
    </PasswordFormFrame>
  );
}
