import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { containersQuery } from './contents-api.ts';

/** "Inside: Pallet 0119 › Crate 0321", each a link; nothing for an item in no container. */
export function ContainerTrail({
  itemId,
  containerId,
}: {
  itemId: string;
  containerId: string | null;
}) {
  const { data } = useQuery(containersQuery(itemId, containerId));
  if (!containerId || !data?.length) return null;
  return (
    <Text mb="sm" data-testid="container-trail">
      Inside:{' '}
      {data.map((c, i) => (
        <Fragment key={c.id}>
          {i > 0 && ' › '}
          <Anchor component={Link} to={`/items/${c.id}`}>
            {c.name?.trim() || c.id}
          </Anchor>
        </Fragment>
      ))}
    </Text>
  );
}
