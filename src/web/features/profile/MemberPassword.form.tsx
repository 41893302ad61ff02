import { z } from 'zod';
import { newPasswordSchema, PASSWORD_MIN_LENGTH } from '../../../common/schemas/common.ts';
import { FormFrame, thenTrue, useDialogForm } from '../../components/forms/FormFrame.tsx';
import { PasswordField } from '../../components/forms/fields.tsx';
import type { FormDialogProps } from '../../components/forms/index.ts';

const schema = z.object({ password: newPasswordSchema('New password') });

/** An admin setting another member's password. */
export default function MemberPasswordForm(
  props: { email: string; save: (password: string) => Promise<unknown> } & FormDialogProps<true>,
) {
  const dialog = {
    save: thenTrue((body: { password: string }) => props.save(body.password)),
    close: props.close,
  };
  const { form, frame } = useDialogForm(schema, { password: '' }, dialog);
  return (
    <FormFrame {...frame} submitLabel="Change password">
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
