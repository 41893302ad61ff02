import type { UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { FormFrame, type FormFrameProps } from '../../components/forms/FormFrame.tsx';
import { PasswordField } from '../../components/forms/fields.tsx';

/**
 * The frame of the password forms (your own, and an admin setting a member's): "Change
 * password", closing with true once the server took it.
 */
export function PasswordFormFrame<S extends z.ZodType>(
  props: Pick<FormFrameProps<S, true>, 'form' | 'schema' | 'close' | 'children'> & {
    save: (body: z.output<S>) => Promise<unknown>;
  },
) {
  return (
    <FormFrame
      form={props.form}
      schema={props.schema}
      save={async (body) => {
        await props.save(body);
        return true as const;
      }}
      close={props.close}
      submitLabel="Change password"
    >
      {props.children}
    </FormFrame>
  );
}

/** The new password, as both password forms ask for it. */
export function NewPasswordField<V extends { password: string }>(props: {
  form: UseFormReturnType<V>;
  description: string;
  first?: boolean;
}) {
  return (
    <PasswordField
      form={props.form}
      path="password"
      label="New password"
      required
      autoComplete="new-password"
      description={props.description}
      first={props.first}
    />
  );
}
