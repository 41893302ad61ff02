import { Title } from '@mantine/core';

/** Placeholder until this screen is built. */
export function SampleLabelsPage() {
  return <Title order={1}>SampleLabelsPage</Title>;
}
