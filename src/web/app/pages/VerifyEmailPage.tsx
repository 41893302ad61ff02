import { Title } from '@mantine/core';

/** Placeholder until this screen is built. */
export function VerifyEmailPage() {
  return <Title order={1}>VerifyEmailPage</Title>;
}
