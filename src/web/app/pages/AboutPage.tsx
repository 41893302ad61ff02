import { Title } from '@mantine/core';

/** Placeholder until this screen is built. */
export function AboutPage() {
  return <Title order={1}>AboutPage</Title>;
}
