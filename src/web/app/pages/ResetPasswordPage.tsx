import { useState } from 'react';
import { Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { newPasswordProblem, PASSWORD_MIN_LENGTH } from '../../../common/password-rule.ts';
import { FormErrors } from '../../components/FormErrors.tsx';
import { authQueries, useResetPassword } from '../../features/auth/api.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';

export const RESET_FAILURE = 'Something is not right, we are looking into it.';

/**
 * Sets a new password with the emailed token (spec "Reset password"). The server signs
 * the user in with it, so success goes straight to the profile.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const info = useQuery(authQueries.resetInfo(token));
  const reset = useResetPassword(token);
  const [errors, setErrors] = useState<string[]>([]);
  const form = useForm({
    initialValues: { newPassword: '' },
    validate: {
      newPassword: (v) => newPasswordProblem(v, 'New password'),
    },
  });

  if (info.isPending) {
    return <CenteredLoader label="Loading" />;
  }
  if (info.isError) {
    return (
      <Stack align="center" py="xl" ta="center">
        <Title order={1}>Reset password</Title>
        <Text role="alert">{RESET_FAILURE}</Text>
      </Stack>
    );
  }

  const email = info.data.email;
  const submit = form.onSubmit(async ({ newPassword }) => {
    setErrors([]);
    try {
      await reset.mutateAsync({ username: email, newPassword });
      navigate('/profile', { replace: true });
    } catch {
      // Whatever went wrong (used or expired link, server trouble), the spec's one text.
      setErrors([RESET_FAILURE]);
    }
  });

  return (
    <Container size={420} px={0} py="xl">
      <Title order={1} ta="center" mb="xs">
        Reset password
      </Title>
      <Text ta="center" c="gray.7" mb="lg">
        for {email}
      </Text>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            {/* Lets password managers store the new password under the right account. */}
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={email}
              readOnly
              hidden
            />
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              required
              autoFocus
              description={`At least ${PASSWORD_MIN_LENGTH} characters`}
              {...form.getInputProps('newPassword')}
            />
            <FormErrors errors={errors} />
            <Button type="submit" loading={reset.isPending}>
              Save new password
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
