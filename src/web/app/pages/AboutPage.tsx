import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Static text about the product; public. */
export function AboutPage() {
  return (
    <Container size="sm" px={0} py="md">
      <Stack gap="md">
        <Title order={1}>About Yardkeep</Title>
        <Text>
          Yardkeep is an inventory tracker for a construction studio that designs and builds
          temporary structures and technical installations. It keeps track of what the studio owns,
          where it is, and which client or project it belongs to: pallets, crates and racks, and the
          fabric, panels, pieces, furniture and tools packed in them.
        </Text>
        <Title order={2} size="h3">
          Labels
        </Title>
        <Text>
          Every item carries a printed QR label. A label holds a twelve-character code, shown in
          groups of four like 7KQ2-M9XD-4HTP, so it can also be typed in by hand when a label is
          worn. A new label can be stuck on an item and attached to it in the app; a label can later
          be freed and reused.
        </Text>
        <Title order={2} size="h3">
          Scanning
        </Title>
        <Text>
          Scanning a label with the camera of a phone or tablet opens the item it is attached to:
          its type, client, location, notes, photos and labels. Scanning a label that is not
          attached yet lets the team create a new item for it or attach it to an existing one. Each
          scan is recorded, so the team can see who last handled an item.
        </Text>
        <Text>
          Team members sign in with their email. Clients of the studio can get their own sign-in to
          look up their items without changing anything.
        </Text>
        <Anchor component={Link} to="/">
          Go to the inventory
        </Anchor>
      </Stack>
    </Container>
  );
}
