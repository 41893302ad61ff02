import { Anchor, Text } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';
import type { Blocker } from '../../../common/schemas/reservation.ts';
import { holderText } from '../../../common/reservations.ts';

/** One job in the way as a conflict names it; a count holder says how many it still needs. */
function blockerText(b: Blocker): string {
  const text = holderText(b);
  return b.kind === 'count' && b.count ? `${text} (needs ${b.count})` : text;
}

/** "In the way: Summer show 3–9 Jun, Autumn fair 12–14 Jun", each job a link to it. */
export function BlockerLinks({ blocking }: { blocking: Blocker[] }) {
  if (blocking.length === 0) return null;
  return (
    <Text size="sm" c="gray.8" data-testid="blocking">
      In the way:{' '}
      {blocking.map((b, i) => (
        <Fragment key={`${b.manifest_id}-${b.kind}`}>
          {i > 0 && ', '}
          <Anchor component={Link} to={`/manifests/${b.manifest_id}`} size="sm">
            {blockerText(b)}
          </Anchor>
        </Fragment>
      ))}
    </Text>
  );
}
