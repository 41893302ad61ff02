import { Title } from '@mantine/core';

/** Placeholder until this screen is built. */
export function ResetPasswordPage() {
  return <Title order={1}>ResetPasswordPage</Title>;
}
