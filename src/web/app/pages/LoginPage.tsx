import { useState } from 'react';
import {
  Anchor,
  Button,
  Container,
  Paper,
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLogin } from '../../features/auth/api.ts';
import { ForgotPasswordForm } from '../../features/auth/components/ForgotPasswordForm.tsx';
import { FormErrors } from '../../components/FormErrors.tsx';

/**
 * Email and password; after login, to the redirect value if present, otherwise to /.
 * "Forgot password" is a link to /login?forgot=1: the same page shows the forgot form,
 * keeps the redirect value, and Back returns to the login form.
 */
export function LoginPage() {
  const login = useLogin();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [errors, setErrors] = useState<string[]>([]);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (v) => (v.trim() ? null : 'Email is required'),
      password: (v) => (v ? null : 'Password is required'),
    },
  });
  const forgotMode = params.has('forgot');
  const withForgot = new URLSearchParams(params);
  withForgot.set('forgot', '1');
  const withoutForgot = new URLSearchParams(params);
  withoutForgot.delete('forgot');
  const query = (p: URLSearchParams) => (p.size ? `/login?${p.toString()}` : '/login');

  const submit = form.onSubmit(async (values) => {
    setErrors([]);
    try {
      await login.mutateAsync({ username: values.email.trim(), password: values.password });
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      setErrors([err instanceof Error ? err.message : String(err)]);
    }
  });

  return (
    <Container size={420} px={0} py="xl">
      <Title order={1} ta="center" mb="lg">
        {forgotMode ? 'Forgot password' : 'Sign in'}
      </Title>
      <Paper withBorder p="lg" radius="md">
        {forgotMode ? (
          <ForgotPasswordForm initialEmail={form.values.email} backTo={query(withoutForgot)} />
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <TextInput
                label="Email"
                type="email"
                autoComplete="username"
                required
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                {...form.getInputProps('password')}
              />
              <FormErrors errors={errors} />
              <Button type="submit" loading={login.isPending}>
                Login
              </Button>
              <Anchor component={Link} to={query(withForgot)} size="sm" ta="center">
                Forgot password
              </Anchor>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}

/** Only paths inside this app: a crafted ?redirect=https://evil.example goes home instead. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  return value;
}
