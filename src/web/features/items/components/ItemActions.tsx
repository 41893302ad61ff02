import { Anchor, Button, Group, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/**
 * The bottom of the item page: edit item (primary) and delete item for editors, Login to
 * edit for signed-out visitors (back here afterwards), and Back to inventory for all.
 */
export function ItemActions(props: {
  onEdit?: () => void;
  onDelete?: () => void;
  /** Signed-out visitors are offered the login; client users get neither. */
  offerLogin: boolean;
}) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  return (
    <Stack gap="sm" mt="xl">
      <Group gap="sm">
        {props.onEdit && <Button onClick={props.onEdit}>edit item</Button>}
        {props.onDelete && (
          <Button variant="outline" color="red.9" onClick={props.onDelete}>
            delete item
          </Button>
        )}
        {props.offerLogin && (
          <Button component={Link} to={`/login?redirect=${encodeURIComponent(here)}`}>
            Login to edit
          </Button>
        )}
      </Group>
      <Anchor component={Link} to="/">
        Back to inventory
      </Anchor>
    </Stack>
  );
}
