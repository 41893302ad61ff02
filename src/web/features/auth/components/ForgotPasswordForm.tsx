import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { FORGOT_PASSWORD_MESSAGE } from '../../../../common/schemas/member.ts';
import { FormErrors } from '../../../components/FormErrors.tsx';
import { useForgotPassword } from '../api.ts';

/**
 * The forgot-password form shown in place of the login form (the route table has no
 * /forgot page). The answer is the same whether the email is known or not.
 */
export function ForgotPasswordForm({
  initialEmail,
  backTo,
}: {
  initialEmail: string;
  backTo: string;
}) {
  const forgot = useForgotPassword();
  const [errors, setErrors] = useState<string[]>([]);
  const form = useForm({
    initialValues: { email: initialEmail },
    validate: { email: (v) => (v.trim() ? null : 'Email is required') },
  });

  const submit = form.onSubmit(async ({ email }) => {
    setErrors([]);
    try {
      await forgot.mutateAsync(email.trim());
    } catch (err) {
      setErrors([err instanceof Error ? err.message : String(err)]);
    }
  });

  if (forgot.isSuccess) {
    return (
      <Stack>
        <Alert color="green" role="status" title="Check your email">
          {FORGOT_PASSWORD_MESSAGE}
        </Alert>
        <Anchor component={Link} to={backTo} size="sm" ta="center">
          Back to login
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          Enter your email and we will send you a link to choose a new password.
        </Text>
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          {...form.getInputProps('email')}
        />
        <FormErrors errors={errors} />
        <Button type="submit" loading={forgot.isPending}>
          Send reset link
        </Button>
        <Anchor component={Link} to={backTo} size="sm" ta="center">
          Back to login
        </Anchor>
      </Stack>
    </form>
  );
}
