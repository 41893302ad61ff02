import { Title } from '@mantine/core';

/** Placeholder until this screen is built. */
export function ProfilePage() {
  return <Title order={1}>ProfilePage</Title>;
}
