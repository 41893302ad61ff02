import { z } from 'zod';
import { newPasswordSchema, PASSWORD_MIN_LENGTH } from '../../../common/schemas/common.ts';
import { FormFrame, useSchemaForm } from '../../components/forms/FormFrame.tsx';
import { PasswordField } from '../../components/forms/fields.tsx';
import type { FormDialogProps } from '../../components/forms/index.ts';

const schema = z.object({ password: newPasswordSchema('New password') });

/** An admin setting another member's password. */
export default function MemberPasswordForm(
  props: { email: string; save: (password: string) => Promise<unknown> } & FormDialogProps<true>,
) {
  const form = useSchemaForm(schema, { password: '' });
  return (
    <FormFrame
      form={form}
      schema={schema}
      save={async (body) => {
        await props.save(body.password);
        return true as const;
      }}
      close={props.close}
      submitLabel="Change password"
    >
      <PasswordField
        form={form}
        path="password"
        label="New password"
        required
        autoComplete="new-password"
        description={`For ${props.email}; at least ${PASSWORD_MIN_LENGTH} characters`}
        first
      />
    </FormFrame>
  );
}
