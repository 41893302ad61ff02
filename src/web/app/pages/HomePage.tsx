import { Title } from '@mantine/core';

/** Home inventory. The staff and client views come with the screens issue. */
export function HomePage() {
  return <Title order={1}>Inventory</Title>;
}
