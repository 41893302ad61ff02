import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { guarded } from '../../components/dialogs/index.ts';
import { contentsQuery } from '../round-trip/contents-api.ts';
import { printLabels } from './print-labels.ts';

/**
 * On a container's page (staff): print labels for everything inside it, at every level.
 * Shown only when something is inside.
 */
export function PrintContentsButton({ itemId, name }: { itemId: string; name: string }) {
  // The same query as the contents section's: one request, refreshed by any item write.
  const contents = useQuery(contentsQuery(itemId));
  const count = contents.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <Button
      variant="default"
      mt="md"
      onClick={() =>
        void guarded(() =>
          printLabels(
            { container_id: itemId },
            `Labels for the ${count === 1 ? 'item' : `${count} items`} inside ${name}.`,
          ),
        )
      }
    >
      Print labels for what is inside
    </Button>
  );
}
