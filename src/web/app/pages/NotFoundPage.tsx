import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Stack align="center" py="xl">
      <Title order={1}>Not Found</Title>
      <Text>There is nothing at this address.</Text>
      <Anchor component={Link} to="/">
        Go home
      </Anchor>
    </Stack>
  );
}
