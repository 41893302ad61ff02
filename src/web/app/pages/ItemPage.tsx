import { Title } from '@mantine/core';

/** Placeholder until this screen is built. */
export function ItemPage() {
  return <Title order={1}>ItemPage</Title>;
}
