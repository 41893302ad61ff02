import { Center, Loader } from '@mantine/core';

/** A page's or a list's spinner while its data loads, named for screen readers. */
export function CenteredLoader(props: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={props.label} />
    </Center>
  );
}
