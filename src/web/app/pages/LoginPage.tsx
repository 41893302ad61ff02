import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Divider,
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
import { safeRedirect } from '../../../common/safe-redirect.ts';
import { ssoErrorMessage } from '../../../common/sso.ts';
import { usePublicConfig } from '../../features/scanner/api.ts';

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
  const { sso, passwordLogin } = usePublicConfig();
  const ssoError = ssoErrorMessage(params.get('sso_error'));
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
              {ssoError && (
                <Alert color="red" role="alert" title="You are not signed in">
                  {ssoError}
                </Alert>
              )}
              {sso && (
                <>
                  <Button
                    component="a"
                    href={`${sso.start_url}?${new URLSearchParams({ redirect: safeRedirect(params.get('redirect')) }).toString()}`}
                    variant="filled"
                  >
                    Sign in with {sso.name}
                  </Button>
                  <Divider
                    label={
                      passwordLogin === 'on'
                        ? 'or with your password'
                        : PASSWORD_NOTE[passwordLogin]
                    }
                    labelPosition="center"
                  />
                </>
              )}
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
              <Button type="submit" loading={login.isPending} variant={sso ? 'default' : 'filled'}>
                Login
              </Button>
              {passwordLogin !== 'off' && (
                <Anchor component={Link} to={query(withForgot)} size="sm" ta="center">
                  Forgot password
                </Anchor>
              )}
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}

const PASSWORD_NOTE = {
  admins: 'admins only: with your password',
  off: 'break-glass admin only: with your password',
} as const;
