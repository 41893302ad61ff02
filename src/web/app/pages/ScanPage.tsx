import { Title } from '@mantine/core';

/** Placeholder until this screen is built. */
export function ScanPage() {
  return <Title order={1}>ScanPage</Title>;
}
